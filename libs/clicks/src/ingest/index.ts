export * from './ingest-clicks.js';
export * from './grouped-ingester.js';
