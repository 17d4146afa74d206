import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { checkScreen, launchBrowser, watchErrors } from './helpers/browser.js';
import { startSystem, type RunningSystem } from './helpers/system.js';

/**
 * Web part 1 against the real system: sign up → pending → admin approves → sign in → create a link → click it through
 * the redirector (from a GB address) → the dashboard shows the click without a reload → link analytics shows GB.
 * Every screen is checked at 1400 px and 390 px (screenshots in test-artifacts/, axe serious/critical = failure).
 */
jest.setTimeout(120_000);

describe('web part 1 in Chromium', () => {
  let system: RunningSystem;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const problems: string[] = [];
  const user = { username: `walker${Date.now().toString(36)}`, password: 'walk-the-links-42' };
  let shortUrl = '';

  beforeAll(async () => {
    system = await startSystem();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 }, bypassCSP: true });
    errors = watchErrors(page);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await system?.stop();
  }, 60_000);

  const api = async (method: string, path: string, body?: unknown, session?: string) => {
    const res = await fetch(`${system.apiUrl}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(session ? { Authorization: `Bearer ${session}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };

  it('signs up and lands on Approval Pending', async () => {
    await page.goto(system.apiUrl + '/');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await expect(page.getByText('Professional URL shortening service').isVisible()).resolves.toBe(true);
    problems.push(...(await checkScreen(page, 'login')));
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    await page.getByText('New users only see the default domain').waitFor();
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { name: 'Approval Pending' }).waitFor();
    await page.getByText('Your account is waiting for admin approval').waitFor();
    await page.getByText('Registration Successful!').waitFor();
    problems.push(...(await checkScreen(page, 'approval-pending')));
  });

  it('is approved by the admin and signs in to the dashboard', async () => {
    const admin = await api('POST', '/api/auth/login', system.admin);
    expect(admin.status).toBe(200);
    const pending = await api('GET', '/api/admin/users/pending', undefined, admin.body.sessionId);
    const me = (pending.body as { id: string; username: string }[]).find((u) => u.username === user.username)!;
    expect({ pending: pending.body, found: Boolean(me) }).toMatchObject({ found: true });
    expect((await api('POST', `/api/admin/users/${me.id}/approve`, undefined, admin.body.sessionId)).status).toBeLessThan(300);

    await page.getByRole('button', { name: 'Back to Login' }).click();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByText(`Welcome, ${user.username}`).waitFor();
    await page.getByText('No links created yet.').waitFor();
    problems.push(...(await checkScreen(page, 'dashboard-empty')));
  });

  it('creates a short link', async () => {
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Shorten URL' }).click();
    await page.getByRole('heading', { name: 'Shorten Your Links' }).waitFor();
    await page.getByLabel('Long URL').fill('https://example.com/browser-walk?x=1');
    await page.getByLabel('Link Name (optional)').fill('Browser Walk');
    await page.getByRole('button', { name: 'Create Short Link' }).click();
    await page.getByText('Link Created Successfully!').waitFor();
    shortUrl = await page.locator('input[name="shortUrl"]').inputValue();
    expect(shortUrl).toMatch(new RegExp(`^${system.shortBaseUrl}/s/[A-Za-z0-9]{8}$`));
    problems.push(...(await checkScreen(page, 'shorten-created')));

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My Links' }).click();
    await page.getByRole('heading', { name: 'My Links' }).waitFor();
    await page.getByText('Browser Walk').first().waitFor();
    problems.push(...(await checkScreen(page, 'my-links')));
  });

  it('shows a click on the dashboard without a reload', async () => {
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const totalClicks = page.getByTestId('stat-Total Clicks');
    await expect(totalClicks.textContent()).resolves.toBe('0');
    const res = await fetch(shortUrl, { redirect: 'manual', headers: { 'X-Forwarded-For': '81.2.69.160', 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://example.com/browser-walk?x=1');
    const clickedAt = Date.now();
    await page.waitForFunction(() => document.querySelector('[data-testid="stat-Total Clicks"]')?.textContent === '1', undefined, { timeout: 15_000 });
    console.log(`click visible on the dashboard after ${Date.now() - clickedAt} ms`);
    await page.getByText('Browser Walk').first().waitFor();
    problems.push(...(await checkScreen(page, 'dashboard-with-click')));
  });

  it('shows the click country in link analytics', async () => {
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My Links' }).click();
    await page.getByRole('link', { name: 'Analytics for Browser Walk' }).click();
    await page.getByRole('heading', { name: 'Browser Walk' }).waitFor();
    await page.getByText('Back to Links').waitFor();
    await page.getByTestId('country-list').getByText('United Kingdom').waitFor({ timeout: 15_000 });
    await expect(page.getByTestId('stat-Countries').textContent()).resolves.toBe('1');
    problems.push(...(await checkScreen(page, 'link-analytics')));
    await page.getByRole('tab', { name: 'Click Details' }).click();
    await page.getByText('Last 50 clicks on this link').waitFor();
    await page.getByTestId('click-row').first().waitFor();
    await expect(page.getByTestId('click-row').first().textContent()).resolves.toContain('81.2.69.160');
    problems.push(...(await checkScreen(page, 'link-analytics-details')));
  });

  it('had no page errors and no serious accessibility violations', () => {
    expect(errors).toEqual([]);
    expect(problems).toEqual([]);
  });
});
