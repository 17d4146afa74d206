import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, watchErrors } from './helpers/browser.js';
import { contrastReport } from './helpers/contrast.js';
import { cleanUpAfterSuite } from './helpers/suite.js';
import { startSystem, type RunningSystem } from './helpers/system.js';

/**
 * Every screen — the app's and the redirector's visitor pages (password, expired, not found) — at 1400×900 and
 * 390×844, in the light and the dark colour scheme (`prefers-color-scheme`), against reviewed baselines in
 * test/browser/screens/ (`<screen>-<w>x<h>.png`, `<screen>-dark-<w>x<h>.png`; a layout regression fails here), plus
 * what a phone needs: no sideways scrolling, the sidebar behind a menu button (drawer), no tables (cards instead),
 * charts inside the viewport; and in both schemes every text a reader relies on (headings, body text, table cells,
 * chart axes and legends, a chart's tooltip) contrasts with what is behind it (WCAG AA, helpers/contrast.ts).
 * Deterministic data (fixed names, codes, IPs); clocks, dates and date axes are masked; animations off.
 *
 * Baselines are written only under `UPDATE_SCREENSHOTS=1 npm run test:screens` (after an intended change; look at
 * each changed PNG before committing it). Without it a screen that has no baseline yet fails the last test
 * ("no baseline") and its capture goes to test-artifacts/screens/<name>.actual.png, never into the baselines.
 */
jest.setTimeout(240_000);

const BASELINES = 'test/browser/screens';
const ARTIFACTS = 'test-artifacts/screens';
const UPDATE = process.env.UPDATE_SCREENSHOTS === '1';
/** pixelmatch per-pixel colour threshold, and the share of pixels allowed to differ (anti-aliasing noise). */
const PIXEL_THRESHOLD = 0.1;
const MAX_DIFF_RATIO = 0.003;
const VIEWPORTS = [
  { name: 'desktop', width: 1400, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
/** The light scheme keeps the baselines' first names; the dark one adds `-dark`. */
const SCHEMES = [
  { name: 'light', suffix: '' },
  { name: 'dark', suffix: '-dark' },
] as const;
type Scheme = (typeof SCHEMES)[number];
const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*';
/**
 * What names a date or a time of day, each with a fixed stand-in. Before the screenshot the stand-ins are written into
 * the page, then these texts are masked, so the baselines hold on any day. Masks alone are not enough: a table sizes
 * its columns by their text, so a wider time of day ('10:05' vs '9:05') moved every other column (the Performance
 * table did, 0.41% of the page).
 */
const DATES_AND_TIMES: [source: string, standIn: string][] = [
  [`${MONTH} \\d{1,2}, \\d{4}`, 'Jan 1, 2026'],
  [`${MONTH} \\d{1,2}`, 'Jan 1'],
  ['\\d{4}-\\d{2}-\\d{2}', '2026-01-01'],
  ['\\d{1,2}:\\d{2}(?::\\d{2})?(?: ?[AP]M)?', '12:00 PM'],
  ['\\b\\d+ (?:seconds?|minutes?|hours?|days?) ago\\b', '5 minutes ago'],
];
/** Anything that names a date or a time of day: masked. */
const DATE_OR_TIME = new RegExp([...DATES_AND_TIMES.map(([source]) => source), 'Never'].join('|'));
/** Every stand-in, the port of a run's own host first (it widens a column too). Tried left to right at each position. */
const STAND_INS: [source: string, standIn: string][] = [
  ['\\b(?:localhost|\\d{1,3}(?:\\.\\d{1,3}){3}):\\d{2,5}\\b', '127.0.0.1:40000'],
  ...DATES_AND_TIMES,
];
/**
 * The charts place the seeded clicks on today's bar (UTC), and the api counts days up to its own "now": a run that
 * crosses UTC midnight between seeding and a screenshot moves every day-series bar one slot left (CI saw it on IP
 * Analytics' Daily New IPs at 00:03). So the clicks are seeded only when the rest of the suite fits before midnight.
 */
const SUITE_MARGIN_MS = 10 * 60_000;
async function sameUtcDayAhead(): Promise<void> {
  const toMidnight = 86_400_000 - (Date.now() % 86_400_000);
  if (toMidnight < SUITE_MARGIN_MS) await new Promise((r) => setTimeout(r, toMidnight + 5_000));
}
const NO_MOTION = '*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; }';

const LINKS = [
  { name: 'Product Docs', shortCode: 'docs2026', originalUrl: 'https://example.com/docs/getting-started' },
  { name: 'Spring Sale', shortCode: 'sale2026', originalUrl: 'https://shop.example.com/spring-sale?utm_source=newsletter' },
  { name: 'Team Blog', shortCode: 'blog2026', originalUrl: 'https://blog.example.com/posts/launch' },
];
/** (link index, visitor IP) pairs: GB, US and SE addresses of the GeoLite2 test ranges. */
const CLICKS: [number, string][] = [
  [0, '81.2.69.160'],
  [0, '81.2.69.160'],
  [0, '216.160.83.56'],
  [0, '89.160.20.112'],
  [1, '216.160.83.56'],
  [1, '81.2.69.142'],
  [2, '89.160.20.128'],
];

interface Screen {
  name: string;
  path: string | (() => string);
  /** Served by the redirector (short links' host) rather than the app. */
  redirector?: boolean;
  heading: string;
  /** Extra steps after the heading shows (e.g. wait for data). */
  ready?: (page: Page) => Promise<void>;
  /** What else changes from run to run on this screen (live counters, host names, uptimes). */
  masks?: (page: Page) => Locator[];
}

describe('every screen at 1400×900 and 390×844', () => {
  let system: RunningSystem;
  let browser: Browser;
  let session = '';
  let linkId = '';
  const errors: string[][] = [];
  const results: string[] = [];
  const contrast: string[] = [];
  /** Texts checked per kind, over every screen and scheme (so the check cannot pass by reading nothing). */
  const checkedKinds: Record<string, number> = {};

  const api = async (method: string, path: string, body?: unknown, sessionId = session) => {
    const res = await fetch(`${system.apiUrl}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(sessionId ? { Authorization: `Bearer ${sessionId}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };

  beforeAll(async () => {
    await sameUtcDayAhead();
    system = await startSystem();
    browser = await launchBrowser();
    session = (await api('POST', '/api/auth/login', system.admin, '')).sessionId;
    const ids: string[] = [];
    for (const link of LINKS) ids.push((await api('POST', '/api/links', link)).id);
    linkId = ids[0];
    const domain = await api('POST', '/api/domains', { domain: 'links.example-brand.com' });
    // Checked once now (no TXT record: still pending, with the check's error shown), so the worker's background
    // check during the run cannot add that line to the page between two runs.
    await api('POST', `/api/domains/${domain.id}/verify`, {});
    await api('POST', '/api/auth/register', { username: 'pendingpat', password: 'pending-pass-42' }, '');
    // The visitor pages' links (an expiring one, a password one) belong to another account; the admin's screens,
    // which show every account's links, list them too.
    const visitor = await api('POST', '/api/auth/register', { username: 'visitorpages', password: 'visitor-pass-42' }, '');
    await api('POST', `/api/admin/users/${visitor.user.id}/approve`);
    const visitorSession = (await api('POST', '/api/auth/login', { username: 'visitorpages', password: 'visitor-pass-42' }, '')).sessionId;
    const expiresAt = new Date(Date.now() + 2_000).toISOString();
    await api('POST', '/api/links', { originalUrl: 'https://example.com/closed', shortCode: 'gone2026', expiresAt }, visitorSession);
    await api(
      'POST',
      '/api/links',
      { originalUrl: 'https://example.com/private', shortCode: 'lock2026', password: 'visitor-secret-42' },
      visitorSession,
    );
    const codes = LINKS.map((l) => l.shortCode);
    for (const [i, ip] of CLICKS) {
      const res = await fetch(`${system.shortBaseUrl}/s/${codes[i]}`, {
        redirect: 'manual',
        headers: { 'X-Forwarded-For': ip, 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36' },
      });
      expect(res.status).toBe(302);
      // Distinct click times: two clicks in the same millisecond would order Recent IP Activity by IP instead.
      await new Promise((r) => setTimeout(r, 5));
    }
    // Wait until the worker has counted every click.
    for (let i = 0; i < 100; i++) {
      const stats = await api('GET', '/api/analytics/stats?timezoneOffset=0');
      if (stats.totalClicks === CLICKS.length) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await api('GET', '/api/analytics/stats?timezoneOffset=0')).totalClicks).toBe(CLICKS.length);
    mkdirSync(BASELINES, { recursive: true });
    mkdirSync(ARTIFACTS, { recursive: true });
  }, 240_000 + SUITE_MARGIN_MS);

  cleanUpAfterSuite(() => ({ browser, system }));

  async function newPage(
    viewport: (typeof VIEWPORTS)[number],
    scheme: Scheme,
    signedIn: string | null,
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
      colorScheme: scheme.name,
      bypassCSP: true,
      reducedMotion: 'reduce',
      timezoneId: 'UTC',
      locale: 'en-US',
    });
    if (signedIn) await context.addInitScript((id) => localStorage.setItem('sessionId', id), signedIn);
    const page = await context.newPage();
    errors.push(watchErrors(page));
    return { context, page };
  }

  /**
   * Compares the page with its baseline (or writes the baseline under UPDATE_SCREENSHOTS=1); returns a problem or
   * null. A missing baseline is a problem, and the capture goes to the artifacts only.
   */
  async function compare(page: Page, name: string, masks: Locator[]): Promise<string | null> {
    await page.addStyleTag({ content: NO_MOTION });
    await page.evaluate((standIns) => {
      // One pass with one alternation, so a stand-in is never rewritten by a later rule.
      const any = new RegExp(standIns.map(([source]) => `(${source})`).join('|'), 'g');
      const standInOf = (groups: unknown[]) => standIns[groups.findIndex((g) => g !== undefined)][1];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const before = node.nodeValue ?? '';
        const after = before.replace(any, (...args) => standInOf(args.slice(1, 1 + standIns.length)));
        if (after !== before) node.nodeValue = after;
      }
    }, STAND_INS);
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    const shot = await page.screenshot({ fullPage: true, mask: masks, maskColor: '#FF00FF', animations: 'disabled', caret: 'hide' });
    const file = join(BASELINES, `${name}.png`);
    if (UPDATE) {
      writeFileSync(file, shot);
      return null;
    }
    if (!existsSync(file)) {
      writeFileSync(join(ARTIFACTS, `${name}.actual.png`), shot);
      return `${name}: no baseline (capture in ${ARTIFACTS}/${name}.actual.png; UPDATE_SCREENSHOTS=1 writes the baselines)`;
    }
    const actual = PNG.sync.read(shot);
    const expected = PNG.sync.read(readFileSync(file));
    if (actual.width !== expected.width || actual.height !== expected.height) {
      writeFileSync(join(ARTIFACTS, `${name}.actual.png`), shot);
      return `${name}: size ${actual.width}×${actual.height}, baseline ${expected.width}×${expected.height}`;
    }
    const diff = new PNG({ width: actual.width, height: actual.height });
    const changed = pixelmatch(actual.data, expected.data, diff.data, actual.width, actual.height, { threshold: PIXEL_THRESHOLD });
    const ratio = changed / (actual.width * actual.height);
    if (ratio <= MAX_DIFF_RATIO) return null;
    writeFileSync(join(ARTIFACTS, `${name}.actual.png`), shot);
    writeFileSync(join(ARTIFACTS, `${name}.diff.png`), PNG.sync.write(diff));
    return `${name}: ${changed} pixels (${(ratio * 100).toFixed(2)}%) differ from the baseline (see ${ARTIFACTS}/)`;
  }

  /** Phone checks: nothing scrolls sideways, no table is shown, every chart fits in the viewport. */
  async function phoneProblems(page: Page, name: string): Promise<string[]> {
    return page.evaluate((screen) => {
      const out: string[] = [];
      const width = document.documentElement.clientWidth;
      const overflow = document.documentElement.scrollWidth - width;
      if (overflow > 1) out.push(`${screen}: page scrolls sideways by ${overflow}px`);
      const visible = (el: Element) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
      };
      if ([...document.querySelectorAll('table')].some(visible)) out.push(`${screen}: shows a table (cards expected on a phone)`);
      for (const chart of document.querySelectorAll('.recharts-wrapper')) {
        const r = chart.getBoundingClientRect();
        if (r.left < -1 || r.right > width + 1) out.push(`${screen}: a chart spans ${Math.round(r.left)}..${Math.round(r.right)}px of ${width}px`);
      }
      return out;
    }, name);
  }

  const masksFor = (page: Page) => [page.getByText(DATE_OR_TIME), page.locator('.recharts-xAxis-tick-labels'), page.locator('.recharts-xAxis')];

  /** The screen's texts against their backgrounds; with a chart on screen, also its tooltip (the first chart hovered). */
  async function checkContrast(page: Page, name: string): Promise<void> {
    const read = async (only?: string) => {
      const report = await contrastReport(page);
      for (const [kind, n] of Object.entries(report.checked)) if (!only || kind === only) checkedKinds[kind] = (checkedKinds[kind] ?? 0) + n;
      contrast.push(...report.problems.filter((p) => !only || p.startsWith(only)).map((p) => `${name}: ${p}`));
    };
    await read();
    const chart = page.locator('.recharts-wrapper').first();
    if (!(await chart.isVisible())) return;
    await chart.scrollIntoViewIfNeeded();
    const box = (await chart.boundingBox())!;
    await chart.hover({ position: { x: box.width / 2, y: box.height / 2 } });
    const shown = page.locator('.recharts-tooltip-wrapper').first().getByText(/\S/).first();
    if (
      await shown.waitFor({ timeout: 3_000 }).then(
        () => true,
        () => false,
      )
    )
      await read('chart tooltip');
    await page.evaluate(() => window.scrollTo(0, 0));
  }

  async function visit(screen: Screen, signedIn: string | null, withSidebar = signedIn !== null): Promise<void> {
    for (const scheme of SCHEMES) {
      for (const viewport of VIEWPORTS) await visitIn(screen, scheme, viewport, signedIn, withSidebar);
    }
  }

  async function visitIn(screen: Screen, scheme: Scheme, viewport: (typeof VIEWPORTS)[number], signedIn: string | null, withSidebar: boolean) {
    const { context, page } = await newPage(viewport, scheme, signedIn);
    const path = typeof screen.path === 'string' ? screen.path : screen.path();
    await page.goto((screen.redirector ? system.shortBaseUrl : system.apiUrl) + path);
    await page.getByRole('heading', { level: 1, name: screen.heading }).waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await screen.ready?.(page);
    const name = `${screen.name}${scheme.suffix}-${viewport.width}x${viewport.height}`;
    await checkContrast(page, name);
    if (viewport.name === 'phone') {
      results.push(...(await phoneProblems(page, name)));
      if (withSidebar) {
        // The sidebar is a drawer: hidden until the menu button opens it.
        const nav = page.getByRole('navigation', { name: 'Main navigation' });
        if (await nav.isVisible()) results.push(`${name}: the sidebar shows without opening the menu`);
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('dialog').getByRole('link', { name: 'My Links' }).waitFor();
        await page.getByRole('button', { name: 'Close menu' }).click();
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      }
    }
    const problem = await compare(page, name, [...masksFor(page), ...(screen.masks?.(page) ?? [])]);
    if (problem) results.push(problem);
    await context.close();
  }

  const SCREENS: Screen[] = [
    { name: 'dashboard', path: '/', heading: 'Dashboard', ready: (p) => p.getByTestId('top-link').first().waitFor() },
    { name: 'shorten', path: '/shorten', heading: 'Shorten Your Links' },
    { name: 'my-links', path: '/links', heading: 'My Links', ready: (p) => p.getByText('Spring Sale').first().waitFor() },
    {
      name: 'link-analytics',
      path: () => `/links/${linkId}/analytics`,
      heading: 'Product Docs',
      ready: (p) => p.getByTestId('country-list').getByText('United Kingdom').waitFor(),
    },
    {
      name: 'domains',
      path: '/domains',
      heading: 'Custom Domains',
      ready: (p) => p.getByText('links.example-brand.com').first().waitFor(),
      // The verification token is random per domain.
      masks: (p) => [p.getByText(/^lp-verify=[A-Za-z0-9_-]{8,}/)],
    },
    { name: 'analytics', path: '/analytics', heading: 'Analytics' },
    {
      name: 'analytics-performance',
      path: '/analytics',
      heading: 'Analytics',
      ready: async (p) => {
        await p.getByRole('tab', { name: 'Performance' }).click();
        await p.getByTestId('total-summary').waitFor();
      },
    },
    { name: 'user-management', path: '/admin/users', heading: 'User Management', ready: (p) => p.getByText('pendingpat').first().waitFor() },
    { name: 'system-monitoring', path: '/admin/monitoring', heading: 'System Monitoring' },
    { name: 'ip-analytics', path: '/admin/ip-analytics', heading: 'IP Analytics', ready: (p) => p.getByText('United Kingdom').first().waitFor() },
    {
      name: 'recent-ip-activity',
      path: '/recent-ip-activity',
      heading: 'Recent IP Activity',
      ready: (p) => p.getByText('81.2.69.160').first().waitFor(),
    },
    {
      name: 'system-management',
      path: '/system-management',
      heading: 'System Management',
      ready: (p) => p.getByText(/worker connected/).waitFor(),
      // Queue counters, the worker's host-pid name and its uptime change from run to run.
      masks: (p) => [p.getByText(/^\d+$/), p.locator('tbody td'), p.getByRole('list', { name: 'Connected workers' })],
    },
  ];

  it('signed out: the login and sign-up screens', async () => {
    await visit({ name: 'login', path: '/', heading: 'LinkPulse' }, null);
  });

  it('a pending account: the Approval Pending screen', async () => {
    const pending = (await api('POST', '/api/auth/login', { username: 'pendingpat', password: 'pending-pass-42' }, '')).sessionId;
    await visit({ name: 'approval-pending', path: '/', heading: 'Approval Pending' }, pending, false);
  });

  it.each(SCREENS.map((s) => [s.name, s] as const))('%s', async (_name, screen) => {
    await visit(screen, session);
  });

  it("a short link's visitor pages (redirector): password, expired, not found", async () => {
    await visit({ name: 'visitor-password', path: '/s/lock2026', heading: 'Password required', redirector: true }, null);
    await visit({ name: 'visitor-expired', path: '/s/gone2026', heading: 'This link has expired', redirector: true }, null);
    await visit({ name: 'visitor-not-found', path: '/s/nope2026', heading: 'Link Not Found', redirector: true }, null);
  });

  it('in the light and the dark scheme every text a reader relies on contrasts with its background', () => {
    expect(contrast).toEqual([]);
    // Not vacuous: headings, table cells, chart axes and an open chart tooltip were read.
    for (const kind of ['heading', 'text', 'table cell', 'chart axis', 'chart tooltip'])
      expect([kind, (checkedKinds[kind] ?? 0) > 0]).toEqual([kind, true]);
  });

  it('every screen matches its baseline and fits a phone; no page errors', () => {
    expect(results).toEqual([]);
    expect(errors.flat()).toEqual([]);
  });
});
