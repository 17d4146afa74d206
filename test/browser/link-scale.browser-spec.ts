/**
 * A team's volume of links (docs/product.md#many-links) in Chromium against the real built system: a user with 5,000
 * links (made through `POST /api/links/bulk`, the links lib's own path: events, projections, redirector cache) opens
 * My Links, pages, searches, selects all links matching the search, tags them in one bulk action (the worker's job),
 * and archives one: it leaves the list and shows in the Archived view. Every count asserted is the exact one a user
 * reads on the screen.
 */
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { jsonClient } from '../helpers/json-fetch.js';
import { until } from '../helpers/until.js';
import { expectToast, launchBrowser, openPage, watchErrors } from './helpers/browser.js';
import { signedInContext } from './helpers/session.js';
import { cleanUpAfterSuite } from './helpers/suite.js';
import { startSystem, type RunningSystem } from './helpers/system.js';

jest.setTimeout(300_000);

const LINKS = 5_000;
/** Every 40th link is a webinar: 125 of them match the search "webinar" (no other name, code or URL has the word). */
const WEBINAR_EVERY = 40;
const WEBINARS = LINKS / WEBINAR_EVERY;
const TAG = 'q3-webinars';

let system: RunningSystem;
let browser: Browser;
let adminSession: string;
let session: string;
let page: Page;
const pageErrors: string[] = [];
const { ok } = jsonClient(
  () => system.apiUrl,
  () => adminSession,
);

const nameOf = (i: number) => (i % WEBINAR_EVERY === 0 ? `Webinar recap ${i}` : `Campaign ${i}`);

/** The pager's line under the list. */
const showing = (from: number, to: number, of: number) => page.getByText(`Showing ${from} to ${to} of ${of} links`, { exact: true });
const rows = () => page.getByTestId('link-row');
const rowNames = () =>
  rows()
    .getByRole('link', { name: /^Analytics for / })
    .allTextContents();

beforeAll(async () => {
  system = await startSystem();
  adminSession = (await ok('POST', '/api/auth/login', system.admin, null)).sessionId;
  const password = 'scale-user-pass-123';
  const reg = await ok('POST', '/api/auth/register', { username: 'scale-user', password }, null);
  await ok('POST', `/api/admin/users/${reg.user.id}/approve`);
  session = (await ok('POST', '/api/auth/login', { username: 'scale-user', password }, null)).sessionId;
  // 5,000 links in five bulk requests of 1,000 (the most one request takes).
  for (let from = 0; from < LINKS; from += 1_000) {
    const links = Array.from({ length: 1_000 }, (_, k) => ({
      originalUrl: `https://shop.example.com/item/${from + k}`,
      name: nameOf(from + k),
    }));
    const res = await ok('POST', '/api/links/bulk', { links }, session);
    expect({ created: res.created.length, errors: res.errors }).toEqual({ created: 1_000, errors: [] });
  }
  browser = await launchBrowser();
  const context = await signedInContext(browser, session);
  page = await context.newPage();
  pageErrors.push(...watchErrors(page, { console: true }));
}, 300_000);

cleanUpAfterSuite(() => ({ browser, system, pageErrors }));

describe('My Links with 5,000 links', () => {
  it('shows the first page of 25 out of 5,000, and the next page', async () => {
    await openPage(page, `${system.apiUrl}/links`, 'My Links');
    await showing(1, 25, LINKS).waitFor({ timeout: 30_000 });
    await expect(rows().count()).resolves.toBe(25);
    const first = await rowNames();

    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next' }).click();
    await showing(26, 50, LINKS).waitFor();
    await page.waitForURL(/[?&]page=2(&|$)/);
    // the first page stays on screen until the second arrives
    await until(async () => (await rowNames())[0] !== first[0], { ms: 30_000 });
    const second = await rowNames();
    expect(second).toHaveLength(25);
    expect(second.filter((n) => first.includes(n))).toEqual([]);

    // the last page holds the rest, from the address as a shared URL would give it
    await page.goto(`${system.apiUrl}/links?page=${LINKS / 25}`);
    await showing(LINKS - 24, LINKS, LINKS).waitFor({ timeout: 30_000 });
    await expect(rows().count()).resolves.toBe(25);
    // ... the oldest ones: all from the first request of 1,000
    expect((await rowNames()).every((n) => Number(/\d+$/.exec(n)![0]) < 1_000)).toBe(true);
  });

  it('searches on the server: exactly the 125 webinars match', async () => {
    await openPage(page, `${system.apiUrl}/links`, 'My Links');
    await page.getByRole('textbox', { name: 'Search links' }).fill('WEBINAR');
    await showing(1, 25, WEBINARS).waitFor({ timeout: 30_000 });
    await page.waitForURL(/[?&]search=WEBINAR(&|$)/);
    const names = await rowNames();
    expect(names).toHaveLength(25);
    expect(names.every((n) => /^Webinar recap \d+$/.test(n))).toBe(true);
  });

  it('selects all 125 matching and tags them in one bulk action', async () => {
    await page.getByRole('checkbox', { name: 'Select all links on this page' }).check({ force: true });
    const bar = page.getByRole('toolbar', { name: 'Selected links' });
    await bar.getByText('25 selected', { exact: true }).waitFor();
    await bar.getByRole('button', { name: `Select all ${WEBINARS} matching` }).click();
    await bar.getByText(`${WEBINARS} selected`, { exact: true }).waitFor();

    await bar.getByRole('button', { name: 'Add tag' }).click();
    await page.getByRole('textbox', { name: 'Tag' }).fill(TAG);
    await page.getByRole('dialog', { name: 'Add tag' }).getByRole('button', { name: 'Add tag' }).click();
    await expectToast(page, `${WEBINARS} links tagged`, undefined, { timeoutMs: 120_000 });
    await bar.waitFor({ state: 'detached' });

    // the tag filter shows exactly the tagged ones: the 125 webinars and nothing else
    await page.goto(`${system.apiUrl}/links?tag=${TAG}`);
    await showing(1, 25, WEBINARS).waitFor({ timeout: 30_000 });
    expect((await rowNames()).every((n) => /^Webinar recap \d+$/.test(n))).toBe(true);
    await expect(
      rows()
        .first()
        .getByRole('button', { name: `Show links tagged ${TAG}` })
        .count(),
    ).resolves.toBe(1);
    const all = await ok('GET', `/api/links?limit=1&tag=${TAG}`, undefined, session);
    expect(all.total).toBe(WEBINARS);
  });

  it('archives one link: it leaves the list and shows under Archived', async () => {
    await openPage(page, `${system.apiUrl}/links?search=webinar`, 'My Links');
    await showing(1, 25, WEBINARS).waitFor({ timeout: 30_000 });
    const [name] = await rowNames();
    await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
    await page.getByRole('menuitem', { name: `Archive ${name}`, exact: true }).click();
    await expectToast(page, 'Link archived', 'It keeps redirecting; find it under Archived.');
    await showing(1, 25, WEBINARS - 1).waitFor({ timeout: 30_000 });
    expect(await rowNames()).not.toContain(name);

    await page.getByRole('button', { name: 'Archived', exact: true }).click();
    await showing(1, 1, 1).waitFor({ timeout: 30_000 });
    await expect(rowNames()).resolves.toEqual([name]);
    await rows().getByText('Archived', { exact: true }).waitFor();

    // without the search: 4,999 active links, one archived
    await page.goto(`${system.apiUrl}/links`);
    await showing(1, 25, LINKS - 1).waitFor({ timeout: 30_000 });
  });
  it('no screen downloads what grows with the links: every response stays small, every list call is a page', async () => {
    const big: string[] = [];
    const unpaged: string[] = [];
    const pending: Promise<void>[] = [];
    const onResponse = (res: import('playwright-core').Response) => {
      const url = new URL(res.url());
      if (!url.pathname.startsWith('/api/')) return;
      if (/^\/api\/(links|analytics\/performance|admin\/links)$/.test(url.pathname) && !url.searchParams.has('limit'))
        unpaged.push(url.pathname + url.search);
      pending.push(
        res
          .body()
          .then((body) => {
            if (body.length > 100_000) big.push(`${url.pathname}${url.search}: ${body.length} bytes`);
          })
          .catch(() => undefined),
      );
    };
    page.on('response', onResponse);
    const { data } = await ok('GET', '/api/links?limit=1', undefined, session);
    const screens: [string, string][] = [
      ['/', 'Dashboard'],
      ['/links', 'My Links'],
      [`/links/${data[0].id}/analytics`, data[0].name],
      ['/analytics', 'Analytics'],
      ['/analytics?tab=trends', 'Analytics'],
      ['/analytics?tab=geographic', 'Analytics'],
      ['/analytics?tab=breakdowns', 'Analytics'],
      ['/analytics?tab=performance', 'Analytics'],
      ['/shorten', 'Shorten Your Links'],
      ['/domains', 'Custom Domains'],
      ['/integrations', 'Integrations'],
      ['/workspace', 'Workspace'],
      ['/workspace/activity', 'Activity'],
      ['/recent-ip-activity', 'Recent IP Activity'],
    ];
    for (const [path, heading] of screens) {
      await openPage(page, `${system.apiUrl}${path}`, heading);
      await page.waitForLoadState('networkidle');
    }
    // the Performance tab pages too: 25 rows of every link, its Total Summary over all of them
    const performance = await ok('GET', '/api/analytics/performance?limit=1', undefined, session);
    await openPage(page, `${system.apiUrl}/analytics?tab=performance`, 'Analytics');
    await showing(1, 25, performance.total).waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('total-summary').textContent()).resolves.toContain(`${performance.total} links`);
    // the dashboard while Live: its refreshes are small pages too
    await openPage(page, `${system.apiUrl}/`, 'Dashboard');
    await page.waitForTimeout(6_000);
    page.off('response', onResponse);
    await Promise.all(pending);
    expect({ unpaged, big }).toEqual({ unpaged: [], big: [] });
  });
});
