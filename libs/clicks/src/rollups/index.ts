export * from './day-rollup.js';
export * from './delete-click-data.js';
export * from './rollup-manifest.js';
