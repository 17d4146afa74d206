export * from './config.js';
export * from './logger.js';
export * from './describe-connection-error.js';
