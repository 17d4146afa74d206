/**
 * What a demanding everyday user notices, in Chromium against the real built system: dark mode on every screen (the
 * system's preference, and the header's theme menu), the redirector's visitor pages in both schemes, the first-run
 * prompts, the pending screen moving on by itself, one "Admins only" screen for every admin route, and the product's
 * confirm dialog. Layout checks at 1400×900 and 390×844; screenshots in test-artifacts/everyday-*.png.
 */
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { jsonClient } from '../helpers/json-fetch.js';
import { ARTIFACTS, expectToast, launchBrowser, openPage, seriousA11yViolations, watchErrors } from './helpers/browser.js';
import { signedInContext } from './helpers/session.js';
import { cleanUpAfterSuite } from './helpers/suite.js';
import { startSystem, type RunningSystem } from './helpers/system.js';

jest.setTimeout(240_000);

const SIZES = [
  { width: 1400, height: 900 },
  { width: 390, height: 844 },
] as const;

let system: RunningSystem;
let browser: Browser;
let adminSession: string;
let linkId: string;
const errorLists: string[][] = [];
const { ok, api } = jsonClient(
  () => system.apiUrl,
  () => adminSession,
);

/** A regular approved user with a fresh session. */
async function approvedUser(username: string): Promise<string> {
  const registered = await ok('POST', '/api/auth/register', { username, password: 'everyday-pass-42' }, null);
  await ok('POST', `/api/admin/users/${registered.user.id}/approve`);
  return (await ok('POST', '/api/auth/login', { username, password: 'everyday-pass-42' }, null)).sessionId;
}

async function newPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  errorLists.push(watchErrors(page, { console: true }));
  return page;
}

/** Relative luminance of a computed CSS colour, rgb()/rgba() or color(srgb …) (0 black … 1 white). */
function luminance(css: string): number {
  const scale = css.startsWith('color(srgb') ? 1 : 255;
  const [r, g, b] = (css.match(/[\d.]+/g) ?? ['255', '255', '255']).slice(0, 3).map((v) => {
    const c = Number(v) / scale;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The colour the page is painted with at its centre: the first non-transparent background from that element up. */
async function paintedBackground(page: Page): Promise<string> {
  return page.evaluate(() => {
    let el: Element | null = document.elementFromPoint(window.innerWidth / 2, Math.min(window.innerHeight - 1, 300));
    while (el) {
      const bg = getComputedStyle(el).backgroundColor;
      if (bg && bg !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(bg)) return bg;
      el = el.parentElement;
    }
    return getComputedStyle(document.documentElement).backgroundColor;
  });
}

/** At both sizes: the page is dark, axe finds no serious problem (contrast included), nothing scrolls sideways. */
async function expectDarkAndReadable(page: Page, name: string): Promise<string[]> {
  const problems: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `${ARTIFACTS}/everyday-dark-${name}-${size.width}.png`, fullPage: true });
    const bg = await paintedBackground(page);
    if (luminance(bg) > 0.05) problems.push(`${name} @${size.width}: background ${bg} is not dark`);
    for (const v of await seriousA11yViolations(page)) problems.push(`${name} @${size.width}: ${v}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (overflow > 1) problems.push(`${name} @${size.width}: scrolls sideways by ${overflow}px`);
  }
  await page.setViewportSize(SIZES[0]);
  return problems;
}

beforeAll(async () => {
  system = await startSystem();
  adminSession = (await ok('POST', '/api/auth/login', system.admin, null)).sessionId;
  const link = await ok('POST', '/api/links', { name: 'Night Reading', originalUrl: 'https://example.org/night', shortCode: 'night-1' });
  linkId = link.id;
  await ok('POST', '/api/links', {
    name: 'Locked',
    originalUrl: 'https://example.org/locked',
    shortCode: 'locked-1',
    password: 'open-sesame',
  });
  await ok('POST', '/api/links', {
    name: 'Soon Gone',
    originalUrl: 'https://example.org/gone',
    shortCode: 'gone-1',
    expiresAt: new Date(Date.now() + 1500).toISOString(),
  });
  for (let i = 0; i < 3; i++) {
    await fetch(`${system.shortBaseUrl}/s/night-1`, {
      redirect: 'manual',
      headers: { 'x-forwarded-for': `81.2.69.${160 + i}`, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36' },
    });
  }
  browser = await launchBrowser();
}, 240_000);

cleanUpAfterSuite(() => ({ browser, system, pageErrors: errorLists.flat() }));

describe('dark mode', () => {
  const ROUTES: [path: () => string, heading: string][] = [
    [() => '/dashboard', 'Dashboard'],
    [() => '/shorten', 'Shorten Your Links'],
    [() => '/links', 'My Links'],
    [() => `/links/${linkId}/analytics`, 'Night Reading'],
    [() => '/domains', 'Custom Domains'],
    [() => '/analytics', 'Analytics'],
    [() => '/recent-ip-activity', 'Recent IP Activity'],
    [() => '/integrations', 'Integrations'],
    [() => '/admin/users', 'User Management'],
    [() => '/admin/monitoring', 'System Monitoring'],
    [() => '/admin/ip-analytics', 'IP Analytics'],
    [() => '/system-management', 'System Management'],
  ];

  it('follows a dark system on every screen, readable at both sizes', async () => {
    const context = await signedInContext(browser, adminSession, { colorScheme: 'dark' });
    const page = await newPage(context);
    const problems: string[] = [];
    for (const [path, heading] of ROUTES) {
      await openPage(page, system.apiUrl + path(), heading);
      await page.waitForLoadState('networkidle');
      await expect(page.evaluate(() => document.documentElement.classList.contains('dark'))).resolves.toBe(true);
      problems.push(...(await expectDarkAndReadable(page, path().replace(/\W+/g, '-').replace(/^-/, '') || 'root')));
    }
    // Charts draw with the theme's colours: the axis labels are light on the dark page.
    await openPage(page, system.apiUrl + '/analytics', 'Analytics');
    const tick = page.locator('.recharts-cartesian-axis-tick-value').first();
    await tick.waitFor({ timeout: 20_000 });
    expect(luminance(await tick.evaluate((el) => getComputedStyle(el).fill))).toBeGreaterThan(0.3);
    // The world map: a country with clicks stands out from the empty land (brighter, on the dark theme).
    await openPage(page, `${system.apiUrl}/links/${linkId}/analytics`, 'Night Reading');
    const gb = page.locator('[data-testid="world-map"] path[data-country="GB"]');
    await gb.waitFor({ timeout: 20_000 });
    const land = page.locator('[data-testid="world-map"] path:not([data-country])').first();
    const [gbFill, landFill] = [await gb.evaluate((el) => getComputedStyle(el).fill), await land.evaluate((el) => getComputedStyle(el).fill)];
    expect(luminance(gbFill)).toBeGreaterThan(luminance(landFill) + 0.1);
    await context.close();
    expect(problems).toEqual([]);
  });

  it('shows the login and the pending screen dark too', async () => {
    const context = await browser.newContext({ viewport: SIZES[0], bypassCSP: true, colorScheme: 'dark' });
    const page = await newPage(context);
    await page.goto(system.apiUrl + '/');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    const problems = await expectDarkAndReadable(page, 'login');
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    await page.getByLabel('Username').fill('night-owl');
    await page.getByLabel('Password').fill('night-owl-pass-1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { name: 'Approval Pending' }).waitFor();
    await expectToast(page, 'Account Created');
    problems.push(...(await expectDarkAndReadable(page, 'approval-pending')));
    await context.close();
    expect(problems).toEqual([]);
  });

  it('keeps the choice made in the header menu across reloads, and System follows the device again', async () => {
    const context = await signedInContext(browser, adminSession, { colorScheme: 'light' });
    const page = await newPage(context);
    await openPage(page, system.apiUrl + '/dashboard', 'Dashboard');
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    await expect(isDark()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Theme: System' }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    expect(luminance(await paintedBackground(page))).toBeLessThan(0.05);
    // On the next load the stored choice is on <html> before React renders (no white page first): what the page
    // has when DOMContentLoaded fires (the app's module has run; React renders later, next-themes later still).
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { modeAtLoad: string }).modeAtLoad = document.documentElement.className;
      }),
    );
    await page.goto(system.apiUrl + '/links');
    await page.getByRole('heading', { level: 1, name: 'My Links' }).waitFor();
    await expect(page.evaluate(() => (window as unknown as { modeAtLoad: string }).modeAtLoad)).resolves.toBe('dark');
    await expect(isDark()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Theme: Dark' }).click();
    await page.getByRole('menuitemradio', { name: 'System' }).click();
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
    expect(luminance(await paintedBackground(page))).toBeGreaterThan(0.8);
    await context.close();
  });

  it("paints the redirector's visitor pages in the visitor's scheme, readable in both", async () => {
    await new Promise((r) => setTimeout(r, 1600)); // gone-1 has expired by now
    const problems: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: SIZES[0], bypassCSP: true, colorScheme });
      const page = await context.newPage();
      for (const [path, heading] of [
        ['/s/no-such-code', 'Link Not Found'],
        ['/s/locked-1', 'Password required'],
        ['/s/gone-1', 'This link has expired'],
      ] as const) {
        await page.goto(system.shortBaseUrl + path);
        await page.getByRole('heading', { name: heading }).waitFor();
        if (path === '/s/locked-1') {
          await page.getByLabel('Password').fill('wrong-one');
          await page.getByRole('button', { name: 'Continue' }).click();
          await page.getByRole('alert').waitFor();
        }
        for (const size of SIZES) {
          await page.setViewportSize(size);
          await page.screenshot({ path: `${ARTIFACTS}/everyday-visitor-${colorScheme}-${path.slice(3)}-${size.width}.png` });
          const bg = luminance(await page.evaluate(() => getComputedStyle(document.body).backgroundColor));
          if (colorScheme === 'dark' ? bg > 0.05 : bg < 0.8) problems.push(`${path} ${colorScheme}: background luminance ${bg}`);
          for (const v of await seriousA11yViolations(page)) problems.push(`${path} ${colorScheme} @${size.width}: ${v}`);
        }
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  });
});

describe('a new user', () => {
  it('is led from the empty Dashboard and My Links to Shorten URL', async () => {
    const session = await approvedUser('first-timer');
    const context = await signedInContext(browser, session);
    const page = await newPage(context);
    await openPage(page, system.apiUrl + '/dashboard', 'Dashboard');
    const prompt = page.getByTestId('first-link-prompt');
    await prompt.getByRole('heading', { name: 'Welcome to LinkPulse! Create your first short link' }).waitFor();
    await page.getByText('No links created yet.', { exact: true }).waitFor();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await prompt.getByRole('link', { name: 'Shorten URL' }).waitFor();
      await page.screenshot({ path: `${ARTIFACTS}/everyday-first-run-dashboard-${size.width}.png` });
    }
    await page.setViewportSize(SIZES[0]);
    await prompt.getByRole('link', { name: 'Shorten URL' }).click();
    await page.getByRole('heading', { level: 1, name: 'Shorten Your Links' }).waitFor();

    await openPage(page, system.apiUrl + '/links', 'My Links');
    await page.getByTestId('first-link-prompt').getByRole('heading', { name: 'No links created yet' }).waitFor();
    await page.getByTestId('first-link-prompt').getByRole('link', { name: 'Shorten URL' }).click();
    await page.getByRole('heading', { level: 1, name: 'Shorten Your Links' }).waitFor();
    await context.close();
  });

  it('leaves the pending screen by itself once an admin approves', async () => {
    const context = await browser.newContext({ viewport: SIZES[1], bypassCSP: true });
    const page = await newPage(context);
    await page.goto(system.apiUrl + '/');
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    await page.getByLabel('Username').fill('patient-pat');
    await page.getByLabel('Password').fill('patient-pass-42');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { name: 'Approval Pending' }).waitFor();
    await page.getByText('This page opens LinkPulse by itself once you are approved.').waitFor();
    const pending = (await ok('GET', '/api/admin/users/pending')) as { id: string; username: string }[];
    await ok('POST', `/api/admin/users/${pending.find((u) => u.username === 'patient-pat')!.id}/approve`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 20_000 });
    await page.getByText('Welcome, patient-pat').waitFor();
    await context.close();
  });
});

describe('a regular user on an admin route', () => {
  it('sees one "Admins only" screen on each, and no call is refused', async () => {
    const session = await approvedUser('regular-rita');
    const context = await signedInContext(browser, session);
    const page = await newPage(context);
    const refused: string[] = [];
    page.on('response', (res) => res.status() === 403 && refused.push(res.url()));
    for (const path of ['/admin/users', '/admin/monitoring', '/admin/ip-analytics', '/system-management']) {
      await openPage(page, system.apiUrl + path, 'Admins only');
      await page.getByText('This screen is for administrators.', { exact: false }).waitFor();
      await expect(page.title()).resolves.toBe('Admins only - LinkPulse');
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.screenshot({ path: `${ARTIFACTS}/everyday-admins-only${path.replace(/\//g, '-')}-${size.width}.png` });
      }
      await page.setViewportSize(SIZES[0]);
    }
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(refused).toEqual([]);
    await context.close();
  });
});

describe("the product's confirm dialog", () => {
  it('asks before a custom domain is deleted; Cancel keeps it', async () => {
    const domain = await ok('POST', '/api/domains', { domain: 'night.brand-example.com' });
    const context = await signedInContext(browser, adminSession);
    const page = await newPage(context);
    let nativeDialogs = 0;
    page.on('dialog', (d) => {
      nativeDialogs++;
      void d.dismiss();
    });
    await openPage(page, system.apiUrl + '/domains', 'Custom Domains');
    const item = page.getByTestId('domain-item').filter({ hasText: 'night.brand-example.com' });
    // The record's copy buttons draw an icon (the "⧉" character showed as a box on many systems).
    // count() does not wait: the heading shows before the domain list has loaded.
    await item.getByRole('button', { name: 'Copy Record value' }).waitFor();
    await expect(item.getByRole('button', { name: 'Copy Record value' }).locator('svg').count()).resolves.toBe(1);
    await item.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Custom Domain' });
    await dialog.getByText('Are you sure you want to delete "night.brand-example.com"? This action cannot be undone.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await api('GET', '/api/domains')).body.map((d: { id: string }) => d.id)).toContain(domain.id);
    await item.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await item.waitFor({ state: 'detached' });
    expect((await api('GET', '/api/domains')).body.map((d: { id: string }) => d.id)).not.toContain(domain.id);
    expect(nativeDialogs).toBe(0);
    await context.close();
  });
});
