export * from './data-source.js';
export * from './ensure-database.js';
export * from './migrations/index.js';
export * from './connect.js';
export * from './pg-errors.js';
export * from './prepare.js';
export * from './read-data-source.js';
export * from './returned-rows.js';
