export * from './registry.js';
export * from './fast-histogram.js';
export * from './scrape.js';
export * from './queue-depth.js';
export * from './metrics-server.js';
export * from './redirector-metrics.js';
export * from './worker-metrics.js';
export * from './api-metrics.js';
