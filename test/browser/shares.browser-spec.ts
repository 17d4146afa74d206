/**
 * Shared stats pages (docs/product.md "Shared stats") in Chromium against the real built system: the owner opens a
 * link's Link Analytics, creates a share with "Share stats", copies its address (the clipboard holds what the dialog
 * showed); a signed-out browser context opens it and reads the exact number of clicks the redirector counted. A
 * password share asks for its password first; a revoked one says so.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { jsonClient } from '../helpers/json-fetch.js';
import { until } from '../helpers/until.js';
import { ARTIFACTS, copyShownUrl, expectToast, launchBrowser, seriousA11yViolations, watchErrors } from './helpers/browser.js';
import { signedInContext } from './helpers/session.js';
import { cleanUpAfterSuite } from './helpers/suite.js';
import { startSystem, type RunningSystem } from './helpers/system.js';

const CLICKS = 7;
const AGENT = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';

let system: RunningSystem;
let browser: Browser;
let session: string;
let linkId: string;
let shareUrl: string;
const pageErrors: string[] = [];
const contexts: BrowserContext[] = [];
const { ok } = jsonClient(
  () => system.apiUrl,
  () => session,
);

/** A fresh signed-out context on a phone-sized screen: no session, no stored workspace (bypassCSP lets axe-core in). */
async function signedOutPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
  contexts.push(context);
  const page = await context.newPage();
  pageErrors.push(...watchErrors(page));
  return page;
}

beforeAll(async () => {
  system = await startSystem({}, ({ api: port }) => ({ APP_URL: `http://127.0.0.1:${port}` }));
  session = (await ok('POST', '/api/auth/login', system.admin, null)).sessionId;
  browser = await launchBrowser();
  const link = await ok('POST', '/api/links', { name: 'Spring launch', originalUrl: 'https://spring.example/launch' });
  linkId = link.id;
  for (let i = 0; i < CLICKS; i++) {
    const res = await fetch(`${system.shortBaseUrl}/s/${link.shortCode}`, { redirect: 'manual', headers: { 'user-agent': AGENT } });
    expect(res.status).toBe(302);
  }
  await until(async () => (await ok('GET', `/api/links/${linkId}/analytics?timezoneOffset=0`)).totalClicks === CLICKS, { ms: 60_000, pollMs: 250 });
}, 240_000);

cleanUpAfterSuite(() => ({ browser, system, pageErrors }));
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

describe('Shared stats pages in Chromium', () => {
  it('the owner creates a share from Link Analytics and copies its address', async () => {
    const context = await signedInContext(browser, session);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: system.apiUrl });
    contexts.push(context);
    const page = await context.newPage();
    pageErrors.push(...watchErrors(page));
    await page.goto(`${system.apiUrl}/links/${linkId}/analytics`);
    await page.getByRole('heading', { level: 1, name: 'Spring launch' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Share stats' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('No shared pages yet').waitFor();
    await dialog.getByRole('button', { name: 'Create share link' }).click();
    await expectToast(page, 'Shared page created');
    shareUrl = await copyShownUrl(page, dialog, 'share-url', 'Share link copied');
    expect(shareUrl).toMatch(new RegExp(`^${system.apiUrl}/share/[A-Za-z0-9_-]{43}$`));
    await dialog.getByRole('list', { name: 'Shared pages' }).getByText('Link: Spring launch').waitFor();
  });

  it('a signed-out browser opens the address and sees the exact number of clicks', async () => {
    const page = await signedOutPage();
    await page.goto(shareUrl);
    await page.getByRole('heading', { level: 1, name: 'Spring launch' }).waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('shared-total').getByText(String(CLICKS), { exact: true }).textContent()).resolves.toBe(String(CLICKS));
    await page.getByRole('heading', { name: 'Clicks Over Time' }).waitFor();
    await page.getByText('Firefox').first().waitFor();
    // Readable on a 390 px phone: nothing scrolls sideways, axe finds no serious problem (contrast included).
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}/shared-stats-390.png`, fullPage: true });
    await page.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'Last 7 days' });
    await page.getByTestId('shared-total').getByText(String(CLICKS), { exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('sessionId'))).toBeNull();
  });

  it('a password share asks for its password; a revoked share says it is gone', async () => {
    const share = await ok('POST', '/api/shares', { linkId, password: 'spring-secret-1' });
    const page = await signedOutPage();
    await page.goto(share.url);
    await page.getByRole('heading', { name: 'This page is protected' }).waitFor({ timeout: 30_000 });
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Show stats' }).click();
    await page.getByRole('alert').getByText('The password is not right.').waitFor();
    await page.getByLabel('Password').fill('spring-secret-1');
    await page.getByRole('button', { name: 'Show stats' }).click();
    await page.getByTestId('shared-total').getByText(String(CLICKS), { exact: true }).waitFor();

    await ok('DELETE', `/api/shares/${share.id}`);
    const again = await signedOutPage();
    await again.goto(share.url);
    await again.getByRole('heading', { name: 'This share link has expired or was revoked' }).waitFor({ timeout: 30_000 });
  });
});
