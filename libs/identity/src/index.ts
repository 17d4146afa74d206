export * from './auth/auth-user.js';
export * from './auth/decorators.js';
export * from './auth/session-guard.js';
export * from './auth/session-token.js';
