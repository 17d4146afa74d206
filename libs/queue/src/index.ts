export * from './redis.js';
export * from './connect.js';
