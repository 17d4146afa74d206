export * from './users.js';
export * from './links.js';
export * from './analytics.js';
export * from './operations.js';
export * from './clicks.js';
export * from './redis-keys.js';
export * from './live.js';
export * from './errors.js';
