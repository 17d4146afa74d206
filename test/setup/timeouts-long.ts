import { jest } from '@jest/globals';

// End-to-end and browser suites start real processes: give them room.
jest.setTimeout(180_000);
