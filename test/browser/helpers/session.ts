import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';

/**
 * A context whose pages start signed in: the session id is in localStorage before the app's scripts run (only on
 * `onlyHost` when given). Wide viewport; bypassCSP, since the api's CSP (script-src 'self') would block axe-core.
 */
export async function signedInContext(
  browser: Browser,
  sessionId: string,
  options: BrowserContextOptions & { onlyHost?: string } = {},
): Promise<BrowserContext> {
  const { onlyHost, ...contextOptions } = options;
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, bypassCSP: true, ...contextOptions });
  await context.addInitScript(
    ({ id, host }) => {
      if (!host || location.hostname === host) localStorage.setItem('sessionId', id);
    },
    { id: sessionId, host: onlyHost ?? '' },
  );
  return context;
}

/** Signs in through the login form, as a user does, and waits for the dashboard. */
export async function signInWithForm(page: Page, credentials: { username: string; password: string }): Promise<void> {
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
}
