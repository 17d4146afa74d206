import '@testing-library/jest-dom/jest-globals';
import { jest } from '@jest/globals';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom lacks ResizeObserver (Chakra popovers/menus position with it) and scrollTo.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in globalThis)) Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });
if (typeof Element !== 'undefined' && !Element.prototype.scrollTo) Element.prototype.scrollTo = () => {};

// findBy*/waitFor give up after 1 s by default; a page test on a busy 2-core CI machine can take longer to settle.
// Waiting longer never hides a missing element: the assertion still fails, only later.
configure({ asyncUtilTimeout: 5000 });
// Jest ignores `testTimeout` in a project of jest.config.js (a run hit the 5 s default): whole pages get 20 s.
jest.setTimeout(20_000);
