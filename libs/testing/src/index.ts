export * from './test-database.js';
export * from './test-redis.js';
