export * from './config.js';
export * from './logger.js';
export * from './describe-connection-error.js';
export * from './secret-box.js';
export * from './fail-open-log.js';
