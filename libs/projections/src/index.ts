export * from './projections.js';
