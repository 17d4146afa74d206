export * from './codec/index.js';
export * from './producer/index.js';
export * from './enrichment/index.js';
export * from './ingest/index.js';
export * from './rollups/index.js';
