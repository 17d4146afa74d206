/**
 * The details a demanding everyday user notices, in Chromium against the real built system: date pickers that fit a
 * 390×844 phone with Cancel/Apply in view, row actions on one line, SVG flags, `https://` stripped from a domain, a
 * domain waiting for verification shown (disabled, with the reason) in Shorten's list, device and OS rule values ticked
 * from their fixed lists, variant A seeded with the destination, the webhook deliveries table (error kept in its cell, a
 * failed attempt labelled failed with its next try), a stale error toast dismissed by a later success, and sign-up
 * errors on the form. Screenshots in test-artifacts/details-*.png.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { jsonClient } from '../helpers/json-fetch.js';
import { ARTIFACTS, launchBrowser, openPage, watchErrors } from './helpers/browser.js';
import { signedInContext } from './helpers/session.js';
import { cleanUpAfterSuite } from './helpers/suite.js';
import { startSystem, type RunningSystem } from './helpers/system.js';

jest.setTimeout(180_000);

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1400, height: 900 };

let system: RunningSystem;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let adminSession: string;
let linkId: string;
let receiver: Server;
const errorLists: string[][] = [];
const { ok } = jsonClient(
  () => system.apiUrl,
  () => adminSession,
);

/** The box fits the viewport (with a pixel of rounding). */
async function expectInViewport(locator: Locator, name: string): Promise<void> {
  const box = await locator.boundingBox();
  const size = page.viewportSize()!;
  expect({ name, box: box && box.x >= -1 && box.y >= -1 && box.x + box.width <= size.width + 1 && box.y + box.height <= size.height + 1 }).toEqual({
    name,
    box: true,
  });
}

/** The open date-range panel `name` (screenshot `details-<shot>-390.png`) and its Cancel and `apply` fit the screen. */
async function expectPickerInView(name: string, apply: string, shot: string): Promise<Locator> {
  const panel = page.getByRole('dialog', { name });
  await panel.waitFor();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${ARTIFACTS}/details-${shot}-390.png` });
  await expectInViewport(panel, name);
  await expectInViewport(panel.getByRole('button', { name: apply }), apply);
  await expectInViewport(panel.getByRole('button', { name: 'Cancel' }), 'Cancel');
  return panel;
}

/** Every button of each row-actions group stands on one line. */
async function expectActionsOnOneLine(scope: Locator): Promise<number> {
  const groups = await scope.getByTestId('row-actions').all();
  for (const group of groups) {
    const tops = await group.getByRole('button').evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
    const heights = await group.getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().height));
    expect(new Set(tops).size).toBe(1);
    for (const h of heights) expect(h).toBeLessThan(48); // one line of text, not a word per line
  }
  return groups.length;
}

beforeAll(async () => {
  // Always answers with a redirect: each attempt fails ("HTTP 302: redirects are not followed").
  receiver = createServer((_req, res) => res.writeHead(302, { location: 'http://example.org/' }).end());
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  system = await startSystem({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_BACKOFF_MS: '600000' });
  adminSession = (await ok('POST', '/api/auth/login', system.admin, null)).sessionId;
  linkId = (await ok('POST', '/api/links', { name: 'Phone Walk', originalUrl: 'https://example.org/phone', shortCode: 'phone-1' })).id;
  for (let i = 0; i < 2; i++) {
    await fetch(`${system.shortBaseUrl}/s/phone-1`, {
      redirect: 'manual',
      headers: { 'x-forwarded-for': `81.2.69.${170 + i}`, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36' },
    });
  }
  browser = await launchBrowser();
  context = await signedInContext(browser, adminSession);
  page = await context.newPage();
  errorLists.push(watchErrors(page));
}, 180_000);

afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

cleanUpAfterSuite(() => ({ browser, system, pageErrors: errorLists.flat() }));

describe('on a 390×844 phone', () => {
  it("Link Analytics' custom range fits the screen with Cancel and Apply Range in view", async () => {
    await page.setViewportSize(PHONE);
    await openPage(page, `${system.apiUrl}/links/${linkId}/analytics`, 'Phone Walk');
    await page.getByLabel('Analytics Filter').selectOption('custom');
    await page.getByRole('button', { name: /Pick date range/ }).click();
    const panel = await expectPickerInView('Choose a custom date range', 'Apply Range', 'custom-range');
    // Both calendars are reachable by scrolling inside the panel.
    await panel.getByText('End Date', { exact: true }).scrollIntoViewIfNeeded();
    await expectInViewport(panel.getByText('End Date', { exact: true }), 'End Date');
    await expectInViewport(panel.getByRole('button', { name: 'Apply Range' }), 'Apply Range after scrolling');
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await panel.waitFor({ state: 'hidden' });
  });

  it('the Analytics range picker fits the screen with Cancel and Apply in view', async () => {
    await openPage(page, `${system.apiUrl}/analytics`, 'Analytics');
    await page.getByTestId('range-trigger').click();
    const panel = await expectPickerInView('Choose a date range', 'Apply', 'range-picker');
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await panel.waitFor({ state: 'hidden' });
  });

  it('row actions stay on one line (domains, users)', async () => {
    await ok('POST', '/api/auth/register', { username: 'waiting-wendy', password: 'wendy-pass-42' }, null);
    await ok('POST', '/api/domains', { domain: 'rows.brand-example.com' });
    await openPage(page, `${system.apiUrl}/domains`, 'Custom Domains');
    await page.getByTestId('domain-item').first().waitFor();
    expect(await expectActionsOnOneLine(page.getByTestId('domain-item'))).toBeGreaterThan(0);
    await openPage(page, `${system.apiUrl}/admin/users`, 'User Management');
    await page.locator('[data-testid="user-row"][data-username="waiting-wendy"]:visible').waitFor();
    expect(await expectActionsOnOneLine(page.locator('[data-testid="user-row"]:visible'))).toBeGreaterThan(0);
    await page.screenshot({ path: `${ARTIFACTS}/details-user-rows-390.png`, fullPage: true });
    await page.setViewportSize(DESKTOP);
  });
});

describe('small things', () => {
  it('flags are SVG drawings', async () => {
    await openPage(page, `${system.apiUrl}/links/${linkId}/analytics`, 'Phone Walk');
    await page.getByTestId('country-list').locator('[data-country-flag="GB"] svg').waitFor({ timeout: 20_000 });
  });

  it('strips https:// from a domain, and Shorten lists a domain waiting for verification as disabled, saying why', async () => {
    await openPage(page, `${system.apiUrl}/domains`, 'Custom Domains');
    await page.getByLabel('Domain Name').fill('https://pasted.brand-example.com/');
    await page.getByRole('button', { name: 'Add Domain' }).click();
    await page.getByTestId('domain-item').filter({ hasText: 'pasted.brand-example.com' }).waitFor();
    expect((await ok('GET', '/api/domains')).map((d: { domain: string }) => d.domain)).toContain('pasted.brand-example.com');

    await openPage(page, `${system.apiUrl}/shorten`, 'Shorten Your Links');
    const option = page.getByLabel('Domain').locator('option', { hasText: 'pasted.brand-example.com' });
    await expect(option.textContent()).resolves.toBe('pasted.brand-example.com (waiting for DNS verification)');
    await expect(option.isDisabled()).resolves.toBe(true);
    await page.getByText(/pasted\.brand-example\.com.*usable once verified on Custom Domains\./).waitFor();
  });

  it('device rules are ticked from the fixed list, and variant A starts as the destination', async () => {
    await openPage(page, `${system.apiUrl}/shorten`, 'Shorten Your Links');
    await page.getByLabel('Long URL').fill('https://example.org/ab-landing');
    await page.getByRole('button', { name: /Advanced/ }).click();
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByLabel('Rule 1 type').selectOption('device');
    const values = page.getByRole('group', { name: 'Rule 1 values' });
    await expect(values.getByRole('checkbox').count()).resolves.toBe(3);
    await values.getByText('mobile', { exact: true }).click();
    await page.getByLabel('Rule 1 destination URL').fill('https://example.org/mobile');
    await page.getByRole('button', { name: 'Add A/B test' }).click();
    await expect(page.getByLabel('Variant 1 URL').inputValue()).resolves.toBe('https://example.org/ab-landing');
    await page.getByLabel('Variant 2 URL').fill('https://example.org/ab-other');
    await page.screenshot({ path: `${ARTIFACTS}/details-rules-variants-1400.png`, fullPage: true });
    await page.getByRole('button', { name: 'Create Short Link' }).click();
    await page.getByTestId('created-link').waitFor();
    const created = (await ok('GET', '/api/links')) as { originalUrl: string; rules: unknown; variants: unknown }[] | { data: never[] };
    const list = Array.isArray(created) ? created : created.data;
    const link = (list as { originalUrl: string; rules: unknown; variants: unknown }[]).find(
      (l) => l.originalUrl === 'https://example.org/ab-landing',
    );
    expect(link?.rules).toEqual([{ type: 'device', values: ['mobile'], url: 'https://example.org/mobile' }]);
    expect(link?.variants).toEqual([
      { url: 'https://example.org/ab-landing', weight: 50 },
      { url: 'https://example.org/ab-other', weight: 50 },
    ]);
  });

  it('a stale error toast goes once a later try succeeds', async () => {
    await openPage(page, `${system.apiUrl}/shorten`, 'Shorten Your Links');
    await page.getByLabel('Long URL').fill('https://example.org/taken');
    await page.getByLabel('Custom Short Code (optional)').fill('phone-1'); // taken
    await page.getByRole('button', { name: 'Create Short Link' }).click();
    const toast = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: 'Error' });
    await toast.waitFor();
    await page.getByLabel('Custom Short Code (optional)').fill('phone-2');
    await page.getByRole('button', { name: 'Create Short Link' }).click();
    await page.getByTestId('created-link').waitFor();
    await toast.waitFor({ state: 'hidden', timeout: 5_000 });
  });

  it('the deliveries table keeps an error in its cell and labels a failed attempt with its next try', async () => {
    await ok('POST', '/api/webhooks', { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, events: ['link.created'] });
    await ok('POST', '/api/links', { originalUrl: 'https://example.org/hooked' });
    await openPage(page, `${system.apiUrl}/integrations`, 'Integrations');
    await page.getByRole('button', { name: 'Deliveries' }).click();
    const row = page.getByTestId('delivery-row').first();
    await row.getByText('Failed, will retry').waitFor({ timeout: 20_000 });
    await row
      .getByTestId('next-attempt')
      .getByText(/^Next try /)
      .waitFor();
    const error = row.getByTestId('delivery-error');
    await expect(error.textContent()).resolves.toBe('HTTP 302: redirects are not followed');
    const [errorBox, cellBox, nextCellBox] = await row.evaluate((tr) => {
      const cell = tr.querySelector('[data-testid="delivery-error"]')!.parentElement!;
      return [tr.querySelector('[data-testid="delivery-error"]')!, cell, cell.nextElementSibling!].map((el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.right };
      });
    });
    expect(errorBox.right).toBeLessThanOrEqual(cellBox.right + 0.5);
    expect(cellBox.right).toBeLessThanOrEqual(nextCellBox.left + 0.5);
    await page.screenshot({ path: `${ARTIFACTS}/details-deliveries-1400.png`, fullPage: true });
  });

  it('sign-up errors show on the form', async () => {
    const signUp = await browser.newContext({ viewport: PHONE, bypassCSP: true });
    const fresh = await signUp.newPage();
    await fresh.goto(system.apiUrl + '/');
    await fresh.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    await fresh.getByLabel('Username').fill('admin'); // taken
    await fresh.getByLabel('Password').fill('another-pass-42');
    await fresh.getByRole('button', { name: 'Create Account' }).click();
    const inline = fresh.getByTestId('sign-up-error');
    await inline.waitFor();
    await expect(inline.getAttribute('role')).resolves.toBe('alert');
    await expect(inline.textContent()).resolves.toMatch(/^Registration Failed.+/);
    await fresh.screenshot({ path: `${ARTIFACTS}/details-sign-up-error-390.png` });
    await signUp.close();
  });
});
