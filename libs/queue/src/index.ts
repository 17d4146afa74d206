export * from './redis.js';
export * from './connect.js';
export * from './cluster.js';
export * from './queues.js';
export * from './subscriber.js';
export * from './window-counter.js';
export * from './redis-store.js';
export * from './password-tries.js';
