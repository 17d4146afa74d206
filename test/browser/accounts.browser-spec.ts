/**
 * Accounts (docs/product.md#accounts) in Chromium against the real built system, with a real OpenID provider (panva's
 * oidc-provider, OpenID Certified) run in this test over https with a self-signed certificate the api trusts
 * (NODE_EXTRA_CA_CERTS):
 * - "Sign in with Test IdP": the provider's login form, back to the app, the dashboard; no URL of the dance and no
 *   history entry carries the session id;
 * - two-factor sign-in turned on from the Account screen by reading the shown secret (the code computed here, as an
 *   authenticator app would), then a sign-in that asks for the code;
 * - the password changed from the Account screen, then a sign-in with the new one;
 * - an admin's reset: the temporary password leads to the password change and nowhere else until a new one is chosen;
 * - "Delete my account" with the product's confirmation dialog, then the account is gone.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { generate as selfSigned } from 'selfsigned';
import { jsonClient } from '../helpers/json-fetch.js';
import { startOidcProvider, type TestOidcProvider } from '../helpers/oidc-provider.js';
import { launchBrowser } from './helpers/browser.js';
import { signedInContext, signInWithForm } from './helpers/session.js';
import { cleanUpAfterSuite } from './helpers/suite.js';
import { startSystem, type RunningSystem } from './helpers/system.js';

describe('accounts in Chromium: single sign-on, two-factor, password change', () => {
  let system: RunningSystem;
  let browser: Browser;
  let provider: TestOidcProvider;
  const pageErrors: string[] = [];
  const { api, ok } = jsonClient(() => system.apiUrl);

  /** An approved user made through the api (sign-up, then the admin approves); its session id. */
  async function approvedUser(username: string, password: string): Promise<string> {
    const admin = (await ok('POST', '/api/auth/login', system.admin, null)).sessionId;
    const reg = await ok('POST', '/api/auth/register', { username, password }, null);
    await ok('POST', `/api/admin/users/${reg.user.id}/approve`, undefined, admin);
    return reg.sessionId;
  }
  /** Page errors of every page this suite opens, checked after each test. */
  const watched = (page: Page) => page.on('pageerror', (err) => pageErrors.push(`${page.url()}: ${err.message}`));

  beforeAll(async () => {
    const tls = await selfSigned([{ name: 'commonName', value: 'localhost' }], {
      keySize: 2048,
      algorithm: 'sha256',
      extensions: [
        { name: 'basicConstraints', cA: true, critical: true },
        { name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] },
      ],
    });
    const dir = mkdtempSync(join(tmpdir(), 'linkpulse-oidc-'));
    writeFileSync(join(dir, 'ca.pem'), tls.cert);
    provider = await startOidcProvider({ tls: { key: tls.private, cert: tls.cert } });
    provider.accounts.set('sub-olivia', { preferred_username: 'olivia', email: 'olivia@example.com' });
    system = await startSystem(
      {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        OIDC_NAME: 'Test IdP',
        OIDC_AUTO_APPROVE: 'true',
        NODE_EXTRA_CA_CERTS: join(dir, 'ca.pem'),
      },
      ({ api: port }) => {
        provider.setRedirectUri(`http://127.0.0.1:${port}/api/auth/oidc/callback`);
        return { APP_URL: `http://127.0.0.1:${port}` };
      },
    );
    browser = await launchBrowser();
  }, 240_000);
  cleanUpAfterSuite(() => ({ browser, system, pageErrors }));
  afterAll(async () => {
    await provider?.close();
  });

  it('signs in through the OpenID provider and lands on the dashboard, with no session id in any URL', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, ignoreHTTPSErrors: true });
    const page = await context.newPage();
    watched(page);
    const urls: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && urls.push(frame.url()));
    await page.goto(system.apiUrl);
    await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
    await page.locator('input[name="login"]').fill('sub-olivia');
    await page.locator('input[name="password"]').fill('any password');
    await page.locator('button[type="submit"]').click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('welcome').textContent()).resolves.toBe('Welcome, olivia');
    const sessionId = await page.evaluate(() => localStorage.getItem('sessionId'));
    expect(sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(urls.some((u) => u.startsWith(provider.issuer))).toBe(true);
    expect(urls.filter((u) => u.includes(sessionId!))).toEqual([]);
    expect(page.url()).toBe(`${system.apiUrl}/`);
    expect(await page.evaluate(() => history.length)).toBeGreaterThan(1);
    await context.close();
  }, 120_000);

  it('turns on two-factor sign-in from the Account screen, then signs in with a code', async () => {
    const session = await approvedUser('tf-browser', 'tf-browser-password');
    const context = await signedInContext(browser, session);
    const page = await context.newPage();
    watched(page);
    await page.goto(`${system.apiUrl}/settings/account`);
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await page.getByTestId('two-factor-secret').textContent())!;
    await page.getByLabel('Code').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    const codes = page.getByTestId('recovery-codes').locator('li');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('On: signing in needs a code from your authenticator app.').waitFor();
    await context.close();

    const fresh = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const login = await fresh.newPage();
    watched(login);
    await login.goto(system.apiUrl);
    await login.getByLabel('Username').fill('tf-browser');
    await login.getByLabel('Password').fill('tf-browser-password');
    await login.getByRole('button', { name: 'Sign In' }).click();
    await login.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    // The code the app shows 30 s from now (the step the setup used cannot sign in twice).
    await login.getByLabel('Code').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await login.getByRole('button', { name: 'Verify' }).click();
    await login.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 30_000 });
    await fresh.close();
  }, 120_000);

  it('changes the password from the Account screen; the new one signs in, the old one not', async () => {
    const session = await approvedUser('pw-browser', 'pw-browser-password');
    const context = await signedInContext(browser, session);
    const page = await context.newPage();
    watched(page);
    await page.goto(`${system.apiUrl}/settings/account`);
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor({ timeout: 30_000 });
    await page.getByLabel('Current password').fill('pw-browser-password');
    await page.getByLabel('New password').fill('pw-browser-password-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your other sessions have been signed out.').first().waitFor();
    await context.close();

    expect((await api('POST', '/api/auth/login', { username: 'pw-browser', password: 'pw-browser-password' }, null)).status).toBe(401);
    const fresh = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const login = await fresh.newPage();
    await login.goto(system.apiUrl);
    await signInWithForm(login, { username: 'pw-browser', password: 'pw-browser-password-2' });
    await fresh.close();
  }, 120_000);

  it('after an admin reset the temporary password leads to the password change, nowhere else, then to the dashboard', async () => {
    await approvedUser('reset-browser', 'reset-browser-password');
    const admin = (await ok('POST', '/api/auth/login', system.admin, null)).sessionId;
    const users = await ok('GET', '/api/admin/users', undefined, admin);
    const id = users.find((u: { username: string }) => u.username === 'reset-browser').id;
    const { temporaryPassword } = await ok('POST', `/api/admin/users/${id}/reset-password`, undefined, admin);

    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    watched(page);
    await page.goto(system.apiUrl);
    await page.getByLabel('Username').fill('reset-browser');
    await page.getByLabel('Password').fill(temporaryPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const changeHeading = page.getByRole('heading', { level: 1, name: 'Choose a new password' });
    await changeHeading.waitFor({ timeout: 30_000 });
    // No other screen opens meanwhile: every address shows the password change, with no navigation.
    for (const path of ['/links', '/settings/account', '/dashboard']) {
      await page.goto(`${system.apiUrl}${path}`);
      await changeHeading.waitFor({ timeout: 30_000 });
      expect(await page.getByRole('navigation').count()).toBe(0);
      expect(await page.getByRole('heading', { level: 1, name: 'Dashboard' }).count()).toBe(0);
    }
    await page.getByLabel('Temporary password').fill(temporaryPassword);
    await page.getByLabel('New password').fill('reset-browser-password-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('welcome').textContent()).resolves.toBe('Welcome, reset-browser');
    await page.goto(`${system.apiUrl}/links`);
    await page.getByRole('heading', { level: 1, name: 'My Links' }).waitFor({ timeout: 30_000 });
    await context.close();
    expect((await api('POST', '/api/auth/login', { username: 'reset-browser', password: 'reset-browser-password-2' }, null)).status).toBe(200);
  }, 120_000);

  it('deletes the account from the Account screen after the confirmation dialog; it cannot sign in again', async () => {
    const session = await approvedUser('del-browser', 'del-browser-password');
    const context = await signedInContext(browser, session);
    const page = await context.newPage();
    watched(page);
    await page.goto(`${system.apiUrl}/settings/account`);
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    // Cancel changes nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await api('GET', '/api/auth/me', undefined, session)).status).toBe(200);

    await page.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByLabel('Your password').fill('wrong-password-1');
    await dialog.getByRole('button', { name: 'Delete Permanently' }).click();
    await page.getByText('password: the password is not correct.').first().waitFor();
    await dialog.getByLabel('Your password').fill('del-browser-password');
    await dialog.getByRole('button', { name: 'Delete Permanently' }).click();
    await page.getByRole('button', { name: 'Sign In' }).waitFor({ timeout: 30_000 });
    await context.close();
    expect((await api('GET', '/api/auth/me', undefined, session)).status).toBe(401);
    expect((await api('POST', '/api/auth/login', { username: 'del-browser', password: 'del-browser-password' }, null)).status).toBe(401);
  }, 120_000);
});
