/**
 * Analytics filters in Chromium against the real built system (docs/architecture.md, "Analytics filters"): clicking
 * a country on the Analytics page or the Dashboard adds a removable chip, every card follows it, the address carries
 * it and a reload keeps it; Link Analytics draws its clicks over time and counts its periods (30, 90 days, all time)
 * exactly, exports its raw clicks under a filter, and reads on a 390 px phone (docs/product.md#link-analytics).
 * Screenshots in test-artifacts/analytics-filters-*.png.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import type { DataSource } from 'typeorm';
import { createEnricher, ingestClicks, rollUpClosedDays } from '@app/clicks';
import { connectPostgres } from '@app/database';
import { jsonClient } from '../helpers/json-fetch.js';
import { ARTIFACTS, launchBrowser, openPage, watchErrors } from './helpers/browser.js';
import { signedInContext } from './helpers/session.js';
import { until } from '../helpers/until.js';
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
/** Waits until the element with `testId` reads `text` exactly (the page refetches after a filter changes). */
const reads = (page: Page, testId: string, text: string) =>
  page.waitForFunction(([id, t]) => document.querySelector(`[data-testid="${id}"]`)?.textContent === t, [testId, text] as const);

/**
 * The text of the one item the list `name` holds, once it holds exactly one (15 s at most). Each card refetches on
 * its own after a filter changes and shows no item while it loads, so the stat cards answering first says nothing
 * of it.
 */
async function onlyItem(page: Page, name: string): Promise<string | null> {
  const items = page.getByRole('list', { name }).getByRole('listitem');
  for (const deadline = Date.now() + 15_000; (await items.count()) !== 1 && Date.now() < deadline;) await page.waitForTimeout(100);
  expect([name, await items.count()]).toEqual([name, 1]);
  return items.first().textContent();
}

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
    await expect(onlyItem(page, 'Top Countries')).resolves.toContain('United Kingdom');
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

describe('the Dashboard under a filter', () => {
  it('adds a country chip from its Countries card, narrows every card, and keeps it over a reload', async () => {
    const context = await signedInContext(browser, adminSession);
    const page = await context.newPage();
    errors.push(watchErrors(page, { console: true }));
    await openPage(page, `${system.apiUrl}/`, 'Dashboard');
    await reads(page, 'stat-Total Clicks', '5');
    await reads(page, 'stat-Today', '5');

    await page.getByRole('button', { name: 'Filter by Countries (Last 30 Days): United Kingdom' }).click();
    await page.getByTestId('filter-chip-country').waitFor();
    await expect(page.getByTestId('filter-chip-country').textContent()).resolves.toBe('Country: GB');
    expect(new URL(page.url()).searchParams.get('country')).toBe('GB');
    for (const card of ['Today', 'This Week', 'Total Clicks']) await reads(page, `stat-${card}`, '3');
    // Top Performance Links, the Daily Clicks Summary and the breakdown cards count the British clicks only.
    await page.getByTestId('top-link').getByText('3 clicks').waitFor();
    await page.getByTestId('click-trends-chart').locator('.recharts-line-curve').waitFor();
    await expect(page.getByTestId('click-trends-chart').locator('.recharts-line-curve').getAttribute('d')).resolves.toMatch(/^[ML\d.,\s-]+$/);
    await page.getByTestId('tile-Total Clicks').getByText('3', { exact: true }).waitFor();
    await expect(onlyItem(page, 'Countries (Last 30 Days)')).resolves.toContain('United Kingdom');
    await expect(page.getByRole('list', { name: 'Devices (Last 30 Days)' }).textContent()).resolves.toBe('desktop2mobile1');
    await page.screenshot({ path: `${ARTIFACTS}/analytics-filters-dashboard.png`, fullPage: true });

    await page.reload();
    await page.getByTestId('filter-chip-country').waitFor();
    await reads(page, 'stat-Total Clicks', '3');
    await page.getByRole('button', { name: 'Remove filter Country' }).click();
    await reads(page, 'stat-Total Clicks', '5');
    expect(new URL(page.url()).searchParams.get('country')).toBeNull();
    await context.close();
  });
});

describe('Link Analytics: clicks over time, periods, export, phone', () => {
  const DAY = 86_400_000;
  let db: DataSource;
  let linkId: string;
  /** Clicks seeded on the link "Launch" (created 200 days ago), by days ago: what each period must count. */
  const EUROPE = ['DE', 'DE', 'DE', 'FR', 'FR', 'ES', 'IT', 'NL', 'BE', 'AT', 'CH', 'SE', 'NO', 'DK', 'PL'];
  const NAMES: Record<string, string> = {
    DE: 'Germany',
    FR: 'France',
    ES: 'Spain',
    IT: 'Italy',
    NL: 'Netherlands',
    BE: 'Belgium',
    AT: 'Austria',
    CH: 'Switzerland',
    SE: 'Sweden',
    NO: 'Norway',
    DK: 'Denmark',
    PL: 'Poland',
    US: 'United States',
    GB: 'United Kingdom',
  };
  const CITIES: Record<string, string> = { DE: 'Berlin', FR: 'Paris', GB: 'London' };
  // 100 days ago: 4 (US); 60 days ago: 3 (US); 10 days ago: 15 in 12 countries; today: 2 (GB).
  const SEED: [number, string][] = [
    ...Array.from({ length: 4 }, () => [100, 'US'] as [number, string]),
    ...Array.from({ length: 3 }, () => [60, 'US'] as [number, string]),
    ...EUROPE.map((c) => [10, c] as [number, string]),
    [0, 'GB'],
    [0, 'GB'],
  ];

  beforeAll(async () => {
    const link = await ok('POST', '/api/links', {
      name: 'Launch',
      originalUrl: 'https://example.org/launch',
      shortCode: 'launch-1',
      utm: { source: 'newsletter' },
    });
    linkId = link.id;
    db = await connectPostgres(system.databaseUrl, { poolSize: 2 });
    await db.query(`UPDATE links SET created_at = now() - interval '200 days' WHERE id = $1`, [linkId]);
    const enricher = createEnricher({});
    const now = Date.now();
    const clicks = SEED.map(([daysAgo, code]) => ({
      ...enricher.enrich({
        id: randomUUID(),
        linkId,
        at: new Date(now - daysAgo * DAY - 60_000).toISOString(),
        ip: '10.1.2.3',
        userAgent: CHROME,
        referer: '',
        host: 'localhost',
        acceptLanguage: code === 'DE' ? 'de-DE' : 'en-US',
      }),
      countryCode: code,
      country: NAMES[code],
      city: CITIES[code] ?? null,
    }));
    await ingestClicks(db, clicks);
    await rollUpClosedDays(db);
  });

  afterAll(async () => {
    await db?.destroy();
  });

  it('draws the clicks over time first and counts 7, 30, 90 days and all time exactly; exports a filtered CSV', async () => {
    const context = await signedInContext(browser, adminSession);
    const page = await context.newPage();
    errors.push(watchErrors(page, { console: true }));
    await openPage(page, `${system.apiUrl}/links/${linkId}/analytics`, 'Launch');
    await page.getByRole('heading', { name: 'Clicks Over Time' }).waitFor();
    await page.getByTestId('clicks-over-time-chart').locator('.recharts-area-curve').waitFor();
    // Straight segments only (no Bézier `C`): the spike of today does not bend into the day before.
    await expect(page.getByTestId('clicks-over-time-chart').locator('.recharts-area-curve').getAttribute('d')).resolves.toMatch(/^[ML\d.,\s-]+$/);
    await reads(page, 'stat-Total Clicks', '2');
    const period = page.getByRole('combobox', { name: 'Analytics Filter' });
    for (const [value, clicks] of [
      ['last30days', '17'],
      ['last90days', '20'],
      ['all', '24'],
    ] as const) {
      await period.selectOption(value);
      await reads(page, 'stat-Total Clicks', clicks);
      expect(new URL(page.url()).searchParams.get('period')).toBe(value);
    }
    // The chart comes before the stat cards; All Time starts on the day the link was created.
    const [chartTop, statTop] = await Promise.all(
      [page.getByRole('heading', { name: 'Clicks Over Time' }), stat(page, 'Total Clicks')].map((l) =>
        l.evaluate((e) => e.getBoundingClientRect().top),
      ),
    );
    expect(chartTop).toBeLessThan(statTop);

    // A language from its breakdown card: a chip, the figures, and the raw clicks export under it.
    await page.getByRole('button', { name: 'Filter by Languages: de' }).click();
    await page.getByTestId('filter-chip-language').waitFor();
    await reads(page, 'stat-Total Clicks', '3');
    await page.reload();
    await page.getByTestId('filter-chip-language').waitFor();
    await reads(page, 'stat-Total Clicks', '3');
    expect(new URL(page.url()).searchParams.get('period')).toBe('all');
    await page.getByRole('button', { name: 'Export Clicks' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Clicks as CSV' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(csv[0]).toBe('"id","at","country","city","device","browser","os","referrer","language","isBot"');
    expect(csv.slice(1).map((line) => line.split(',').slice(2, 4).concat(line.split(',')[8]))).toEqual([
      ['"Germany"', '"Berlin"', '"de"'],
      ['"Germany"', '"Berlin"', '"de"'],
      ['"Germany"', '"Berlin"', '"de"'],
    ]);
    // The account's Export Data menu stays beside it.
    await page.getByRole('button', { name: 'Export Data' }).waitFor();
    await page.screenshot({ path: `${ARTIFACTS}/analytics-filters-link.png`, fullPage: true });
    await context.close();
  });

  it('reads on a 390 px phone: the doughnut legend with values and Other, whole city names, a tooltip on tap', async () => {
    const context = await signedInContext(browser, adminSession, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    errors.push(watchErrors(page, { console: true }));
    await openPage(page, `${system.apiUrl}/links/${linkId}/analytics?period=last30days`, 'Launch');
    await reads(page, 'stat-Total Clicks', '17');
    // 13 countries in the last 30 days: the top 10 and the 3 clicks of the rest as "Other".
    const legend = page.getByRole('list', { name: 'Countries legend' }).getByRole('listitem');
    await legend.first().waitFor();
    const items = await legend.allTextContents();
    expect(items).toHaveLength(11);
    expect(items.slice(0, 3)).toEqual(['Germany3', 'France2', 'United Kingdom2']);
    expect(items[10]).toBe('Other3');
    // No sideways scrolling, and each city's name is drawn whole inside the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${ARTIFACTS}/analytics-filters-link-phone.png`, fullPage: true });
    const cityTicks = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('.recharts-cartesian-axis-tick-value')]
          .map((e) => ({ text: e.textContent ?? '', left: e.getBoundingClientRect().left, right: e.getBoundingClientRect().right }))
          .filter((t) => ['Berlin', 'Paris', 'London'].includes(t.text)),
      );
    await until(async () => (await cityTicks()).length === 3, { ms: 30_000 });
    const cities = await cityTicks();
    expect(cities.map((c) => c.text).sort()).toEqual(['Berlin', 'London', 'Paris']);
    for (const c of cities) expect(c.left >= 0 && c.right <= 390).toBe(true);

    // A tap on the chart shows that day's tooltip.
    const chart = page.getByTestId('clicks-over-time-chart').locator('.recharts-surface');
    await chart.scrollIntoViewIfNeeded();
    const box = (await chart.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width - 20, box.y + box.height / 2);
    await page
      .getByTestId('clicks-over-time-chart')
      .locator('.recharts-tooltip-wrapper')
      .filter({ hasText: /\d+ clicks?/ })
      .waitFor();
    await page.screenshot({ path: `${ARTIFACTS}/analytics-filters-link-phone.png`, fullPage: true });
    await context.close();
  });
});
