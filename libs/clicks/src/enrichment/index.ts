export * from './enriched-click.js';
export * from './parse-click-event.js';
export * from './anonymize-ip.js';
export * from './referrer.js';
export * from './geo-lookup.js';
export * from './user-agent.js';
export * from './enricher.js';
export * from './language.js';
