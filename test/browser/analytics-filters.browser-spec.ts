/**
 * Analytics filters in Chromium against the real built system (docs/architecture.md, "Analytics filters"): clicking
 * a country on the Analytics page adds a removable chip, every card follows it, the address carries it and a reload
 * keeps it. Screenshots in test-artifacts/analytics-filters-*.png.
 */
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { jsonClient } from '../helpers/json-fetch.js';
import { ARTIFACTS, launchBrowser, openPage, watchErrors } from './helpers/browser.js';
import { signedInContext } from './helpers/session.js';
import { cleanUpAfterSuite } from './helpers/suite.js';
import { startSystem, type RunningSystem } from './helpers/system.js';

jest.setTimeout(240_000);

let system: RunningSystem;
let browser: Browser;
let adminSession: string;
const errors: string[][] = [];
const { ok } = jsonClient(
  () => system.apiUrl,
  () => adminSession,
);
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

beforeAll(async () => {
  system = await startSystem();
  adminSession = (await ok('POST', '/api/auth/login', system.admin, null)).sessionId;
  await ok('POST', '/api/links', { name: 'Field Notes', originalUrl: 'https://example.org/notes', shortCode: 'notes-1' });
  // Three visits from Great Britain (81.2.69.x), two from the United States (216.160.83.56).
  const visits = [
    ['81.2.69.160', CHROME],
    ['81.2.69.161', IPHONE],
    ['81.2.69.162', CHROME],
    ['216.160.83.56', CHROME],
    ['216.160.83.56', IPHONE],
  ];
  for (const [ip, ua] of visits) {
    await fetch(`${system.shortBaseUrl}/s/notes-1`, {
      redirect: 'manual',
      headers: { 'x-forwarded-for': ip, 'user-agent': ua, 'accept-language': 'en-GB' },
    });
  }
  const deadline = Date.now() + 30_000;
  while ((await ok('GET', '/api/analytics/stats')).totalClicks < visits.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
  browser = await launchBrowser();
}, 240_000);

cleanUpAfterSuite(() => ({ browser, system, pageErrors: errors.flat() }));

const stat = (page: Page, label: string) => page.getByTestId(`stat-${label}`);

describe('the Analytics page under a filter', () => {
  it('adds a country chip from the Geographic tab, narrows every card, and keeps it over a reload', async () => {
    const context = await signedInContext(browser, adminSession);
    const page = await context.newPage();
    errors.push(watchErrors(page, { console: true }));
    await openPage(page, `${system.apiUrl}/analytics?tab=geographic`, 'Analytics');
    await expect(stat(page, 'Total Clicks').textContent()).resolves.toBe('5');
    await page.getByText('Clicks, 30 days').waitFor();
    await expect(stat(page, 'Clicks, 30 days').textContent()).resolves.toBe('5');

    await page.getByRole('button', { name: 'Filter by United Kingdom' }).click();
    await page.getByTestId('filter-chip-country').waitFor();
    await expect(page.getByTestId('filter-chip-country').textContent()).resolves.toBe('Country: GB');
    expect(new URL(page.url()).searchParams.get('country')).toBe('GB');
    await page.waitForFunction(() => document.querySelector('[data-testid="stat-Total Clicks"]')?.textContent === '3');
    await page.waitForFunction(() => document.querySelector('[data-testid="stat-Clicks, 30 days"]')?.textContent === '3');
    await expect(stat(page, 'Clicks Today').textContent()).resolves.toBe('3');
    // The geography itself follows: only Great Britain is left.
    await expect(page.getByRole('list', { name: 'Top Countries' }).getByRole('listitem').count()).resolves.toBe(1);
    await page.screenshot({ path: `${ARTIFACTS}/analytics-filters-chip.png`, fullPage: true });

    await page.reload();
    await page.getByTestId('filter-chip-country').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="stat-Total Clicks"]')?.textContent === '3');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('geographic');

    // A second filter from the Breakdowns tab, then the chips come off one by one.
    await page.getByRole('tab', { name: 'Breakdowns' }).click();
    await page.getByRole('button', { name: 'Filter by Devices: mobile' }).click();
    await page.getByTestId('filter-chip-device').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="stat-Total Clicks"]')?.textContent === '1');
    await page.getByRole('button', { name: 'Remove filter Country' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="stat-Total Clicks"]')?.textContent === '2');
    expect(new URL(page.url()).searchParams.get('country')).toBeNull();
    await page.getByRole('button', { name: 'Remove filter Device' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="stat-Total Clicks"]')?.textContent === '5');
    await context.close();
  });
});
