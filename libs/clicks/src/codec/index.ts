export * from './click-batch-codec.js';
