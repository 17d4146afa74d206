export * from './ingest-clicks.js';
export * from './rollup-rows.js';
export * from './grouped-ingester.js';
