/**
 * Link controls in Chromium against the real built system (api + redirector + worker, own DB/prefix/ports):
 * a link with a password, an expiry, two A/B variants and a tag made in Shorten URL's Advanced section; its icons,
 * tag chip and tag filter in My Links; the password shown as set in Edit Link; its QR code (shown, PNG downloaded);
 * Link Analytics with the variant split and the world map shaded by the visits' countries. Each screen at 1400 px and
 * 390 px: screenshots in test-artifacts/, axe-core without serious/critical violations, no sideways scrolling.
 */
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { jsonClient } from '../helpers/json-fetch.js';
import { checkScreen as checkScreenOn, launchBrowser, openPage, watchErrors } from './helpers/browser.js';
import { signedInContext } from './helpers/session.js';
import { cleanUpAfterSuite } from './helpers/suite.js';
import { startSystem, type RunningSystem } from './helpers/system.js';

const PASSWORD = 'open-sesame';
const NAME = 'Spring Launch';

let system: RunningSystem;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];
let session: string;
const problems: string[] = [];
const client = jsonClient(
  () => system.apiUrl,
  () => session,
);
/** The body of a successful call; throws on any other status. */
const api = async <T = any>(method: string, path: string, body?: unknown, auth: string | null = session): Promise<T> =>
  (await client.ok(method, path, body, auth)) as T;
const checkScreen = async (name: string) => {
  problems.push(...(await checkScreenOn(page, name, { prefix: 'link-controls' })));
};
const open = (path: string, heading: string) => openPage(page, system.apiUrl + path, heading);
/** Opens the actions menu of the row (of the link NAME) and picks one of its items. */
const rowAction = async (row: Locator, item: string) => {
  await row.getByRole('button', { name: `Actions for ${NAME}`, exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
};

interface LinkBody {
  id: string;
  name: string;
  shortCode: string;
  expiresAt: string | null;
  hasPassword: boolean;
  variants: { url: string; weight: number }[] | null;
  tags: string[];
  password?: unknown;
}

/** A visit through the password form from one client IP (TRUST_PROXY=1): the right password is one click. */
async function visitWithPassword(code: string, ip: string): Promise<void> {
  const res = await fetch(`${system.shortBaseUrl}/s/${code}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': ip,
      'user-agent': `Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36 visitor-${ip}`,
    },
    body: `password=${PASSWORD}`,
  });
  if (res.status !== 302) throw new Error(`password visit from ${ip}: ${res.status}`);
}

let link: LinkBody;
/** The expiry typed into the date-time picker: next year, in the browser's (and this process's) time zone. */
const expiryInput = `${new Date().getFullYear() + 1}-06-30T18:45`;

beforeAll(async () => {
  system = await startSystem();
  session = (await api<{ sessionId: string }>('POST', '/api/auth/login', system.admin, null)).sessionId;
  await api('POST', '/api/links', { name: 'Plain Link', originalUrl: 'https://example.org/plain', shortCode: 'plain-one' });
  browser = await launchBrowser();
  context = await signedInContext(browser, session, { acceptDownloads: true });
  page = await context.newPage();
  pageErrors = watchErrors(page, { console: true });
}, 240_000);

cleanUpAfterSuite(() => ({ browser, system, pageErrors }));

describe('link controls in Chromium', () => {
  it('Shorten URL: a link with a password, an expiry, two variants and a tag from the Advanced section', async () => {
    await open('/shorten', 'Shorten Your Links');
    await page.getByLabel('Long URL').fill('https://example.org/spring');
    await page.getByLabel('Link Name (optional)').fill(NAME);
    const advanced = page.getByRole('button', { name: /Advanced/ });
    await expect(advanced.getAttribute('aria-expanded')).resolves.toBe('false');
    await advanced.click();
    await page.getByLabel('Expires at').fill(expiryInput);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Add A/B test' }).click();
    await page.getByLabel('Variant 1 URL').fill('https://example.org/spring-a');
    await page.getByLabel('Variant 2 URL').fill('https://example.org/spring-b');
    // Weights that do not add up are refused before anything is sent.
    await page.getByLabel('Variant 2 weight (%)').fill('40');
    await page.getByTestId('weight-sum').getByText('Total 90% of 100%').waitFor();
    await page.getByLabel('Source (utm_source)').fill('newsletter');
    await page.getByTestId('utm-preview').getByText('https://example.org/spring?utm_source=newsletter').waitFor();
    await page.getByLabel('Tags').fill('spring');
    await page.getByLabel('Tags').press('Enter');
    await page.getByTestId('tag-chips').getByText('spring', { exact: true }).waitFor();
    await checkScreen('shorten-advanced');
    await page.getByRole('button', { name: 'Create Short Link' }).click();
    await page.getByRole('alert').filter({ hasText: 'Weights must add up to 100% (now 90%).' }).waitFor();
    expect((await api<LinkBody[]>('GET', '/api/links?timezoneOffset=0')).map((l) => l.name)).toEqual(['Plain Link']);

    await page.getByLabel('Variant 2 weight (%)').fill('50');
    await page.getByRole('button', { name: 'Create Short Link' }).click();
    await page.getByText('Link Created Successfully!').waitFor({ timeout: 20_000 });

    const links = await api<LinkBody[]>('GET', '/api/links?timezoneOffset=0');
    link = links.find((l) => l.name === NAME)!;
    expect(link).toMatchObject({
      hasPassword: true,
      expiresAt: new Date(expiryInput).toISOString(),
      variants: [
        { url: 'https://example.org/spring-a', weight: 50 },
        { url: 'https://example.org/spring-b', weight: 50 },
      ],
      utm: { source: 'newsletter' },
      tags: ['spring'],
    });
    expect(link).not.toHaveProperty('password');
  });

  it('My Links: the icons with their tooltips, the tag chip and the tag filter; Edit shows the password as set', async () => {
    await open('/links', 'My Links');
    const row = page.locator('[data-testid="link-row"]').filter({ hasText: NAME });
    await row.waitFor();
    await expect(page.locator('[data-testid="link-row"]').count()).resolves.toBe(2);
    const icons = row.getByTestId('link-control-icons');
    await icons.getByRole('img', { name: 'Password-protected' }).waitFor();
    await icons.getByRole('img', { name: 'A/B test: 2 variants (50/50)' }).waitFor();
    const expiry = icons.getByRole('img', { name: /^Expires / });
    await expiry.hover();
    await page
      .getByRole('tooltip')
      .filter({ hasText: /^Expires / })
      .waitFor();
    await expect(icons.getByRole('img').count()).resolves.toBe(3); // no rules icon: the link has none
    // The plain link has no icons.
    await expect(page.locator('[data-testid="link-row"]').filter({ hasText: 'Plain Link' }).getByTestId('link-control-icons').count()).resolves.toBe(
      0,
    );

    await page.getByTestId('tag-filter').click();
    const springTag = page.getByRole('checkbox', { name: /^spring/ });
    await page.locator('label').filter({ has: springTag }).click();
    await expect(springTag.isChecked()).resolves.toBe(true);
    await page.locator('[data-testid="link-row"]').filter({ hasText: 'Plain Link' }).waitFor({ state: 'detached' });
    await row.waitFor();
    await expect(page.locator('[data-testid="link-row"]').count()).resolves.toBe(1);
    await checkScreen('my-links-tag-filter');
    await page.getByRole('button', { name: 'Clear tags' }).click();
    await page.locator('[data-testid="link-row"]').filter({ hasText: 'Plain Link' }).waitFor();
    await page.keyboard.press('Escape');
    await springTag.waitFor({ state: 'detached' });

    await rowAction(row, `Edit ${NAME}`);
    const dialog = page.getByRole('dialog', { name: 'Edit Link' });
    await dialog.getByRole('button', { name: /Advanced/ }).click();
    await dialog.getByText('This link is password-protected.').waitFor();
    await expect(dialog.getByLabel('Expires at').inputValue()).resolves.toBe(expiryInput);
    await expect(dialog.getByLabel('Variant 2 URL').inputValue()).resolves.toBe('https://example.org/spring-b');
    await checkScreen('edit-link-advanced');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('My Links: the QR code opens in a dialog and downloads as PNG', async () => {
    await rowAction(page.locator('[data-testid="link-row"]').filter({ hasText: NAME }), `QR code of ${NAME}`);
    const dialog = page.getByRole('dialog', { name: 'QR code' });
    const image = dialog.getByTestId('qr-image');
    await image.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="qr-image"]');
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    await expect(image.getAttribute('alt')).resolves.toBe(`QR code for ${system.shortBaseUrl}/s/${link.shortCode}`);
    await checkScreen('qr-dialog');
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download PNG' }).click()]);
    expect(download.suggestedFilename()).toBe(`${link.shortCode}-qr.png`);
    const png = readFileSync((await download.path())!);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('Link Analytics: the variant split and the world map shaded by the visits’ countries', async () => {
    // 3 visits from GB, 1 from the US, through the password form.
    for (const ip of ['81.2.69.160', '81.2.69.142', '2.125.160.216', '216.160.83.56']) await visitWithPassword(link.shortCode, ip);
    const range = `timezoneOffset=0&startDate=${new Date(Date.now() - 86_400_000).toISOString()}&endDate=${new Date(Date.now() + 86_400_000).toISOString()}`;
    let analytics: { clicksByCountry: { countryCode: string; count: number }[]; variantSplit: { clicks: number }[]; totalClicks: number } | undefined;
    // The click count, the country rollup and the variant split are separate projections: wait until all show the 4 visits.
    const settled = (a: typeof analytics) =>
      a !== undefined &&
      a.totalClicks >= 4 &&
      a.clicksByCountry.reduce((s, c) => s + c.count, 0) >= 4 &&
      a.variantSplit.reduce((s, v) => s + v.clicks, 0) >= 4;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      analytics = await api('GET', `/api/links/${link.id}/analytics?${range}`);
      if (settled(analytics)) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(analytics!.totalClicks).toBe(4);
    expect(Object.fromEntries(analytics!.clicksByCountry.map((c) => [c.countryCode, c.count]))).toEqual({ GB: 3, US: 1 });
    expect(analytics!.variantSplit.reduce((s, v) => s + v.clicks, 0)).toBe(4);

    await page.goto(`${system.apiUrl}/links/${link.id}/analytics`);
    await page.getByRole('heading', { name: NAME }).waitFor({ timeout: 30_000 });
    const map = page.getByRole('img', { name: /^World map of clicks by country: United Kingdom 3, United States( of America)? 1$/ });
    await map.waitFor({ timeout: 20_000 });
    // The fill is the theme's map colours mixed by clicks (light theme: darker = more); compare what is painted.
    const lightness = await page.evaluate(() =>
      Object.fromEntries(
        [...document.querySelectorAll('[data-testid="world-map"] path[data-country]')].map((p) => {
          const fill = getComputedStyle(p).fill;
          const scale = fill.startsWith('color(srgb') ? 1 : 255;
          const [r, g, b] = (fill.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => Number(v) / scale);
          return [p.getAttribute('data-country'), 0.2126 * r + 0.7152 * g + 0.0722 * b];
        }),
      ),
    );
    expect(Object.keys(lightness).sort()).toEqual(['GB', 'US']);
    expect(lightness.GB).toBeLessThan(lightness.US - 0.3); // darker = more
    const rows = page.getByTestId('variant-row');
    await expect(rows.count()).resolves.toBe(2);
    const counts = await rows.evaluateAll((els) => els.map((e) => Number(/(\d+) clicks?/.exec(e.textContent ?? '')?.[1])));
    expect(counts).toEqual(analytics!.variantSplit.map((v) => v.clicks));
    await expect(page.getByTestId('stat-Bot Clicks').textContent()).resolves.toBe('0');
    await checkScreen('link-analytics-map');
  });

  it('no serious accessibility problem or sideways scrolling on any screen', () => {
    expect(problems).toEqual([]);
  });
});
