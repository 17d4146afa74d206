export * from './event-store.js';
export * from './aggregate.js';
export * from './projection.js';
export * from './errors.js';
export * from './stored-event.js';
