export * from './time-zone.js';
export * from './date-range.js';
