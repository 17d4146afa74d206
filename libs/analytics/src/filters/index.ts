export * from './click-filters.js';
export * from './click-source.js';
