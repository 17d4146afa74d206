import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './helpers/browser.js';
import { signInWithForm } from './helpers/session.js';
import { cleanUpAfterSuite } from './helpers/suite.js';
import { startSystem, type RunningSystem } from './helpers/system.js';

/**
 * One build serves any deployment: the api tells the app its own hosts (APP_URL and SHORT_BASE_URL) at run time, so
 * on a real host name an unknown path goes to '/' (docs/product.md#screens) while a custom domain's path is still a short code.
 * Chromium resolves the names below to 127.0.0.1 (--host-resolver-rules); no VITE_APP_HOSTS in the build.
 */
jest.setTimeout(90_000);

const APP_HOST = 'app.linkpulse-deploy.com';
const SHORT_HOST = 'go.linkpulse-deploy.com';
const CUSTOM_HOST = 'links.customer-brand.com';

describe('own hosts at run time (Chromium on a non-localhost host name)', () => {
  let system: RunningSystem;
  let browser: Browser;
  let page: Page;
  let port = '';
  const pageErrors: string[] = [];

  beforeAll(async () => {
    // Ports are picked by startSystem; APP_URL and SHORT_BASE_URL name them once known.
    system = await startSystem({}, (ports) => ({
      APP_URL: `http://${APP_HOST}:${ports.api}`,
      SHORT_BASE_URL: `http://${SHORT_HOST}:${ports.redirect}`,
    }));
    port = new URL(system.apiUrl).port;
    browser = await launchBrowser([`--host-resolver-rules=MAP ${APP_HOST} 127.0.0.1, MAP ${CUSTOM_HOST} 127.0.0.1, MAP ${SHORT_HOST} 127.0.0.1`]);
    page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
  }, 180_000);

  cleanUpAfterSuite(() => ({ browser, system }));

  it('an unknown path on the app host is the app, not a short code (the login screen when signed out)', async () => {
    await page.goto(`http://${APP_HOST}:${port}/foo`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor({ timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Link Not Found' }).count()).resolves.toBe(0);
  });

  it('signed in, an unknown path on the app host lands on the dashboard', async () => {
    await signInWithForm(page, system.admin);
    await page.goto(`http://${APP_HOST}:${port}/no-such-page`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('the short-link host is one of the app hosts too; a custom domain path is still a short code', async () => {
    const hosts = await page.evaluate(() => document.querySelector('meta[name="linkpulse-own-hosts"]')?.getAttribute('content'));
    const redirectPort = new URL(system.shortBaseUrl).port;
    expect(hosts?.split(',')).toEqual([`${APP_HOST}:${port}`, `${SHORT_HOST}:${redirectPort}`]);
    await page.goto(`http://${CUSTOM_HOST}:${port}/unknowncode`);
    await page.getByRole('heading', { name: 'Link Not Found' }).waitFor({ timeout: 20_000 });
    expect(pageErrors).toEqual([]);
  });
});
