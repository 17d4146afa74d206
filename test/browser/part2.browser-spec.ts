/**
 * Web part 2 in Chromium against the real built system (api + redirector + worker as processes, own DB/prefix/ports):
 * User Management, Custom Domains, System Monitoring, Recent IP Activity (> 70 records seeded through the redirector),
 * Analytics, IP Analytics, System Management (rebuild projections, same data after) and the custom-domain fallback.
 * Every screen at 1400 px and 390 px: screenshots in test-artifacts/, axe-core without serious/critical violations,
 * no sideways scrolling, no uncaught page errors.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { jsonClient } from '../helpers/json-fetch.js';
import { checkScreen as checkScreenOn, expectToast as expectToastOn, launchBrowser, openPage, watchErrors } from './helpers/browser.js';
import { signedInContext } from './helpers/session.js';
import { cleanUpAfterSuite } from './helpers/suite.js';
import { startSystem, type RunningSystem } from './helpers/system.js';

const SEEDED_IPS = 75;
const CUSTOM_DOMAIN = 'go.brand-example.com';

let system: RunningSystem;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];
let adminSession: string;
let linkCode: string;
const problems: string[] = [];
const { ok } = jsonClient(
  () => system.apiUrl,
  () => adminSession,
);
const checkScreen = async (name: string) => {
  problems.push(...(await checkScreenOn(page, name, { prefix: 'part2', settleMs: 400 })));
};
const open = (path: string, heading: string) => openPage(page, system.apiUrl + path, heading);
const expectToast = (title: string, description?: string) => expectToastOn(page, title, description);

const PUBLIC_PREFIXES = [81, 89, 175, 24, 2, 58, 91, 187];
const REFERRERS = ['https://www.google.com/', 'https://www.facebook.com/', 'https://news.ycombinator.com/', ''];

/** One click per distinct client IP through the redirector (TRUST_PROXY=1 trusts X-Forwarded-For). */
async function seedClicks(code: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const ip = `${PUBLIC_PREFIXES[i % PUBLIC_PREFIXES.length]}.${10 + Math.floor(i / 8)}.${(i * 7) % 250}.${1 + (i % 200)}`;
    const referrer = REFERRERS[i % REFERRERS.length];
    const res = await fetch(`${system.shortBaseUrl}/s/${code}`, {
      redirect: 'manual',
      headers: {
        'x-forwarded-for': ip,
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36',
        ...(referrer ? { referer: referrer } : {}),
      },
    });
    if (res.status !== 302) throw new Error(`click ${i}: redirector answered ${res.status}`);
  }
}

async function waitForRecords(min: number): Promise<number> {
  const deadline = Date.now() + 60_000;
  let total = 0;
  while (Date.now() < deadline) {
    total = (await ok('GET', '/api/analytics/recent-ip-activity?days=7&page=1&limit=10')).total;
    if (total >= min) return total;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`only ${total} IP records after 60 s`);
}

beforeAll(async () => {
  system = await startSystem();
  adminSession = (await ok('POST', '/api/auth/login', system.admin, null)).sessionId;
  for (const username of ['pending-alice', 'pending-bob', 'pending-carol']) {
    await ok('POST', '/api/auth/register', { username, password: 'password-123' }, null);
  }
  const link = await ok('POST', '/api/links', { name: 'Launch Page', originalUrl: 'https://example.org/launch', shortCode: 'launch-2026' });
  linkCode = link.shortCode;
  await seedClicks(linkCode, SEEDED_IPS);
  await waitForRecords(SEEDED_IPS);

  // The custom-domain fallback: this host reaches the api like a customer's CNAME would.
  browser = await launchBrowser([`--host-resolver-rules=MAP ${CUSTOM_DOMAIN} 127.0.0.1`]);
  context = await signedInContext(browser, adminSession, { onlyHost: '127.0.0.1' });
  // Original URLs are outside this machine: answer them locally.
  await context.route('https://example.org/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Example target</title><h1>Example target</h1>' }),
  );
  page = await context.newPage();
  pageErrors = watchErrors(page);
}, 240_000);

cleanUpAfterSuite(() => ({ browser, system, pageErrors }));

describe('web part 2 in Chromium', () => {
  it('User Management: the admin approves, rejects and deletes registrations', async () => {
    await open('/admin/users', 'User Management');
    await page.getByRole('tab', { name: 'Pending Approval (3)' }).waitFor();
    await page.getByRole('tab', { name: 'All Users (4)' }).waitFor();
    await checkScreen('user-management');

    // Both tabs stay mounted; only the rows of the open tab are visible.
    const row = (name: string) => page.locator(`[data-testid="user-row"][data-username="${name}"]:visible`);
    await row('pending-alice').getByRole('button', { name: 'Approve' }).click();
    await expectToast('User Approved', 'User has been approved successfully.');
    await page.getByRole('tab', { name: 'Pending Approval (2)' }).waitFor();

    await row('pending-bob').getByRole('button', { name: 'Reject' }).click();
    const reject = page.getByRole('alertdialog', { name: 'Reject User Registration' });
    await reject.waitFor();
    await checkScreen('user-management-reject-dialog');
    await reject.getByRole('button', { name: 'Reject & Delete' }).click();
    await expectToast('User Deleted', 'User has been permanently deleted.');
    await page.getByRole('tab', { name: 'Pending Approval (1)' }).waitFor();

    await page.getByRole('tab', { name: /^All Users/ }).click();
    await expect(row('admin').getByRole('button', { name: 'Delete' }).count()).resolves.toBe(0);
    await row('admin').getByText('Admin', { exact: true }).waitFor();
    await row('pending-alice').getByText('Approved', { exact: true }).waitFor();
    await row('pending-carol').getByRole('button', { name: 'Delete' }).click();
    const del = page.getByRole('alertdialog', { name: 'Delete User Account' });
    await del.getByRole('button', { name: 'Delete Permanently' }).click();
    await expectToast('User Deleted');
    await page.getByRole('tab', { name: 'All Users (2)' }).waitFor();

    const users = (await ok('GET', '/api/admin/users')) as { username: string; isApproved: boolean }[];
    expect(users.map((u) => [u.username, u.isApproved]).sort()).toEqual([
      ['admin', true],
      ['pending-alice', true],
    ]);
  });

  it('Custom Domains: refuses an invalid name, adds a valid one, verifies it through its DNS TXT record and generates its SSL label', async () => {
    await open('/domains', 'Custom Domains');
    await page.getByText('No custom domains added yet').waitFor();
    const input = page.getByPlaceholder('links.yourdomain.com');
    await input.fill('not a domain');
    await page.getByRole('button', { name: 'Add Domain' }).click();
    await expectToast('Invalid Domain', 'Please enter a valid domain name (e.g., links.yourdomain.com)');
    expect(await ok('GET', '/api/domains')).toEqual([]);

    await input.fill(`  ${CUSTOM_DOMAIN} `);
    await page.getByRole('button', { name: 'Add Domain' }).click();
    await expectToast('Success', 'Domain added successfully');
    const item = page.locator('[data-testid="domain-item"]').filter({ hasText: CUSTOM_DOMAIN });
    await item.getByText('Inactive', { exact: true }).waitFor();
    await item.getByText('Pending verification').waitFor();
    const [pending] = await ok('GET', '/api/domains');
    const { name, value } = pending.verification.record;
    await item.getByText(name, { exact: true }).waitFor();
    await item.getByText(value, { exact: true }).waitFor();
    await item.getByRole('button', { name: 'Verify now' }).click();
    await expectToast('Not verified yet', `No TXT record found at ${name}.`);
    system.dns.setTxt(name, [value]);
    await item.getByRole('button', { name: 'Verify now' }).click();
    await expectToast('Domain verified', `${CUSTOM_DOMAIN} is verified and active.`);
    await item.getByText('Active', { exact: true }).waitFor();
    expect(await item.getByText('Pending verification').count()).toBe(0);
    await item.getByText('No SSL Certificate').waitFor();

    await item.getByRole('button', { name: 'Generate SSL' }).click();
    await expectToast('SSL Certificate Generated', `SSL certificate for ${CUSTOM_DOMAIN} has been generated successfully`);
    const [domain] = await ok('GET', '/api/domains');
    expect(domain.sslCertificate.exists).toBe(true);
    await item.getByText(`SSL: ${domain.sslCertificate.generated}`).waitFor();
    await item.getByRole('button', { name: 'Regenerate SSL' }).waitFor();

    // The DNS instructions name our real short host.
    const shortHost = new URL(system.shortBaseUrl).hostname;
    await page.getByText(`The CNAME or A record points to ${shortHost}.`).waitFor();
    await checkScreen('custom-domains');
  });

  it('System Monitoring: Force Check runs the recovery check and records the time', async () => {
    await open('/admin/monitoring', 'System Monitoring');
    const status = page.getByTestId('system-status');
    await status.waitFor();
    await expect(status.locator('[data-tone="success"]').count()).resolves.toBeGreaterThanOrEqual(2);
    await page.getByRole('button', { name: 'Force Check' }).click();
    await expectToast('Recovery Complete', 'System recovery check completed successfully');
    await expect(page.getByTestId('last-checked').textContent()).resolves.not.toBe('Never');
    await page.getByText('Every 1 hour').waitFor();
    await checkScreen('system-monitoring');
  });

  it(`Recent IP Activity: pages through ${SEEDED_IPS} records with ellipses`, async () => {
    await open('/recent-ip-activity', 'Recent IP Activity');
    await page.getByText(`Showing 1 to 10 of ${SEEDED_IPS} records`).waitFor();
    await expect(page.getByTestId('ip-record').count()).resolves.toBe(10);
    await page.getByText('Direct / No Referrer').first().waitFor();
    await expect(page.locator('[data-referrer-kind="google"]').count()).resolves.toBeGreaterThan(0);
    const pages = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pages.getByText('…').count()).resolves.toBe(1);
    await checkScreen('recent-ip-activity');

    await pages.getByRole('button', { name: 'Next' }).click();
    await page.getByText(`Showing 11 to 20 of ${SEEDED_IPS} records`).waitFor();
    await pages.getByRole('button', { name: 'Page 5' }).click();
    await page.getByText(`Showing 41 to 50 of ${SEEDED_IPS} records`).waitFor();
    // 8 pages, page 5 is near the end: 1 … 4 5 6 7 8.
    await expect(pages.getByText('…').count()).resolves.toBe(1);
    await expect(pages.getByRole('button', { name: 'Page 2' }).count()).resolves.toBe(0);
    await pages.getByRole('button', { name: 'Page 8' }).click();
    await page.getByText(`Showing 71 to ${SEEDED_IPS} of ${SEEDED_IPS} records`).waitFor();
    await expect(page.getByTestId('ip-record').count()).resolves.toBe(SEEDED_IPS - 70);
    await expect(pages.getByRole('button', { name: 'Next' }).isDisabled()).resolves.toBe(true);

    await page.getByRole('button', { name: '30 days' }).click();
    await page.getByText(`Showing 1 to 10 of ${SEEDED_IPS} records`).waitFor();
  });

  it('Analytics: stat cards, tabs and the performance Total Summary', async () => {
    await open('/analytics', 'Analytics');
    const card = (label: string) =>
      page
        .locator('.chakra-card__root')
        .filter({ has: page.getByText(label, { exact: true }) })
        .first();
    await card('Total Clicks').getByText(String(SEEDED_IPS), { exact: true }).waitFor();
    await card('Total Links').getByText('1', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Last 30 days' }).waitFor();
    await page.getByText('Top Performing Links').waitFor();
    await checkScreen('analytics-overview');

    await page.getByRole('tab', { name: 'Trends' }).click();
    await page.getByText('Click Trends Over Time').waitFor();
    await page.getByRole('tab', { name: 'Geographic' }).click();
    await page.getByText('Top Countries').waitFor();
    await checkScreen('analytics-geographic');
    await page.getByRole('tab', { name: 'Performance' }).click();
    const summary = page.getByTestId('total-summary');
    await summary.waitFor();
    await expect(summary.textContent()).resolves.toContain('1 link');
    await expect(summary.textContent()).resolves.toContain(String(SEEDED_IPS));
    await page.getByRole('cell', { name: new URL(system.shortBaseUrl).host }).waitFor();
    await checkScreen('analytics-performance');

    await page.getByTestId('range-trigger').click();
    const apply = page.getByRole('button', { name: 'Apply' });
    await expect(apply.isDisabled()).resolves.toBe(true);
    await checkScreen('analytics-range-picker');
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  it('IP Analytics: live cards from the seeded clicks', async () => {
    await open('/admin/ip-analytics', 'IP Analytics');
    const card = page.locator('.chakra-card__root').filter({ has: page.getByText('Total Unique IPs', { exact: true }) });
    await card.getByText(String(SEEDED_IPS), { exact: true }).waitFor();
    await page.getByText('Live', { exact: true }).waitFor();
    await page.getByText('Daily New IPs (Last 30 Days)').waitFor();
    await checkScreen('ip-analytics');
  });

  it('System Management: rebuilding projections keeps the same data', async () => {
    const before = {
      users: await ok('GET', '/api/admin/users'),
      links: await ok('GET', '/api/links'),
      domains: await ok('GET', '/api/domains'),
      stats: await ok('GET', '/api/analytics/stats'),
    };
    await open('/system-management', 'System Management');
    await page.getByRole('heading', { name: 'Click Queue' }).waitFor();
    await page.getByRole('heading', { name: 'Live Workers' }).waitFor();
    await checkScreen('system-management');

    await page.getByRole('button', { name: 'Rebuild projections' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Rebuild projections from the event store?' });
    await dialog.getByRole('button', { name: 'Rebuild projections' }).click();
    await expectToast('Projections Rebuilt');
    await expect(page.getByTestId('action-result').first().textContent()).resolves.toMatch(/^Replayed \d+ events? into \d+ projections?/);

    await page.getByRole('button', { name: 'Warm redirect cache' }).click();
    await page.getByRole('alertdialog', { name: 'Warm the redirect cache?' }).getByRole('button', { name: 'Warm redirect cache' }).click();
    await expectToast('Redirect Cache Warmed', '1 link was loaded into the redirect cache.');

    expect(await ok('GET', '/api/admin/users')).toEqual(before.users);
    expect(await ok('GET', '/api/links')).toEqual(before.links);
    expect(await ok('GET', '/api/domains')).toEqual(before.domains);
    expect(await ok('GET', '/api/analytics/stats')).toEqual(before.stats);
    await open('/recent-ip-activity', 'Recent IP Activity');
    await page.getByText(`Showing 1 to 10 of ${SEEDED_IPS} records`).waitFor();
  });

  it('custom-domain host: a short code redirects to its original URL, an unknown one shows Link Not Found', async () => {
    const port = new URL(system.apiUrl).port;
    const [domain] = await ok('GET', '/api/domains');
    const brandLink = await ok('POST', '/api/links', {
      name: 'Brand Sale',
      originalUrl: 'https://example.org/brand-sale',
      shortCode: 'brand-sale',
      domainId: domain.id,
    });
    const custom = await context.newPage();
    const errors = watchErrors(custom);
    await custom.goto(`http://${CUSTOM_DOMAIN}:${port}/no-such-code`);
    await custom.getByRole('heading', { name: 'Link Not Found' }).waitFor({ timeout: 30_000 });
    await custom.getByText(/shortened link you are looking for could not be found/).waitFor();
    page = custom;
    await checkScreen('link-not-found');

    await custom.goto(`http://${CUSTOM_DOMAIN}:${port}/${brandLink.shortCode}`);
    await custom.waitForURL('https://example.org/brand-sale', { timeout: 30_000 });
    expect(errors).toEqual([]);
  });

  it('has no serious accessibility violations or sideways scrolling on any screen', () => {
    expect(problems).toEqual([]);
  });
});
