import { jest } from '@jest/globals';

// Jest 30 ignores `testTimeout` inside a project config, so each project sets its own here.
jest.setTimeout(60_000);
