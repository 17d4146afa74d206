export * from './redis-io-adapter.js';
export * from './live-coalescer.js';
export * from './live-channel.js';
export * from './progress-channels.js';
export * from './workspace-changes.js';
