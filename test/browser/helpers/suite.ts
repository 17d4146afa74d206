import { afterAll, afterEach, expect } from '@jest/globals';
import type { Browser } from 'playwright-core';
import type { RunningSystem } from './system.js';

interface SuiteState {
  browser?: Browser;
  system?: RunningSystem;
  /** The errors watchErrors collects: each test fails when a page threw (or logged an error) during it. */
  pageErrors?: string[];
}

/** After the suite, closes the browser and stops the system (those that were started); checks page errors after each test. */
export function cleanUpAfterSuite(state: () => SuiteState): void {
  afterAll(async () => {
    const { browser, system } = state();
    await browser?.close();
    await system?.stop();
  }, 60_000);
  afterEach(() => {
    const { pageErrors } = state();
    if (pageErrors) expect(pageErrors).toEqual([]);
  });
}
