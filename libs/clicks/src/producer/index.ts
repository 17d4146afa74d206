export * from './click-batcher.js';
export * from './bull-click-sink.js';
