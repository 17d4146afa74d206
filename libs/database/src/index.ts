export * from './data-source.js';
export * from './ensure-database.js';
export * from './migrations/index.js';
export * from './connect.js';
