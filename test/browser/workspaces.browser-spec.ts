/**
 * Workspaces (docs/product.md#workspaces) in Chromium against the real built system: an owner creates a workspace on
 * the Workspace screen and shortens a link in it, creates an invitation and copies its link (the clipboard holds what
 * the page showed); a second user opens the link at /invite/{token}, accepts, switches workspaces in the header and
 * edits the link; a viewer sees the link without edit or delete controls. The Activity screen lists who did what.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { jsonClient } from '../helpers/json-fetch.js';
import { copyShownUrl, expectToast, launchBrowser, watchErrors } from './helpers/browser.js';
import { signedInContext } from './helpers/session.js';
import { cleanUpAfterSuite } from './helpers/suite.js';
import { startSystem, type RunningSystem } from './helpers/system.js';

let system: RunningSystem;
let browser: Browser;
let adminSession: string;
const pageErrors: string[] = [];
const contexts: BrowserContext[] = [];
const { api, ok } = jsonClient(
  () => system.apiUrl,
  () => adminSession,
);

/** An approved account and a signed-in page of its own (own context: own localStorage, own workspace choice). */
async function userPage(username: string, clipboard = false): Promise<{ page: Page; session: string; id: string }> {
  const password = `${username}-pass-12345`;
  const reg = await ok('POST', '/api/auth/register', { username, password }, null);
  await ok('POST', `/api/admin/users/${reg.user.id}/approve`);
  const session = (await ok('POST', '/api/auth/login', { username, password }, null)).sessionId;
  const context = await signedInContext(browser, session);
  if (clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: system.apiUrl });
  contexts.push(context);
  const page = await context.newPage();
  pageErrors.push(...watchErrors(page));
  return { page, session, id: reg.user.id };
}

const switcher = (page: Page) => page.getByRole('combobox', { name: 'Workspace' });
const section = (page: Page, title: string) => page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title }) });

beforeAll(async () => {
  system = await startSystem({}, ({ api: port }) => ({ APP_URL: `http://127.0.0.1:${port}` }));
  adminSession = (await ok('POST', '/api/auth/login', system.admin, null)).sessionId;
  browser = await launchBrowser();
}, 240_000);

cleanUpAfterSuite(() => ({ browser, system, pageErrors }));
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

describe('Workspaces in Chromium', () => {
  let owner: Awaited<ReturnType<typeof userPage>>;
  let workspaceId: string;
  let linkId: string;
  let invitationUrl: string;

  it('an owner creates a workspace, shortens a link in it and copies an invitation link', async () => {
    owner = await userPage('ws-browser-owner', true);
    const { page } = owner;
    await page.goto(`${system.apiUrl}/workspace`);
    await page.getByRole('heading', { level: 1, name: 'Workspace' }).waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { level: 2, name: 'Personal workspace' }).waitFor();
    await page.getByLabel('Workspace name').fill('Launch team');
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await expectToast(page, 'Workspace created', 'You are now working in Launch team.');
    await page.getByRole('heading', { level: 2, name: 'Launch team' }).waitFor();
    await expect(switcher(page).inputValue()).resolves.not.toBe(owner.id);
    workspaceId = await switcher(page).inputValue();
    expect(await page.evaluate(() => localStorage.getItem('workspaceId'))).toBe(workspaceId);

    // Shorten URL sends the workspace: the link is the workspace's, not the owner's personal one.
    await page.goto(`${system.apiUrl}/shorten`);
    await page.getByLabel('Long URL').fill('https://launch.example/plan');
    await page.getByLabel('Link Name (optional)').fill('Launch plan');
    await page.getByRole('button', { name: 'Create Short Link' }).click();
    await page.getByRole('button', { name: 'Creating your link...' }).waitFor({ state: 'detached' });
    let inWorkspace: { id: string; name: string }[] = [];
    for (let i = 0; i < 100 && inWorkspace.length === 0; i++) {
      inWorkspace = await ok('GET', `/api/links?workspaceId=${workspaceId}`, undefined, owner.session);
      if (inWorkspace.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(inWorkspace.map((l: { name: string }) => l.name)).toEqual(['Launch plan']);
    linkId = inWorkspace[0].id;
    expect(await ok('GET', '/api/links', undefined, owner.session)).toEqual([]);

    await page.goto(`${system.apiUrl}/workspace`);
    const invitations = section(page, 'Invitations');
    await invitations.getByRole('button', { name: 'Create invitation' }).click();
    await expectToast(page, 'Invitation created');
    invitationUrl = await copyShownUrl(page, invitations, 'invitation-link', 'Invitation link copied');
    expect(invitationUrl).toMatch(new RegExp(`^${system.apiUrl}/invite/[A-Za-z0-9_-]{43}$`));
  });

  it('on a 390×844 phone the switcher has its own header row and shows the whole workspace name', async () => {
    const { page } = owner;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${system.apiUrl}/links`);
    await page.getByRole('heading', { level: 1, name: 'My Links' }).waitFor({ timeout: 30_000 });
    await expect(switcher(page).inputValue()).resolves.toBe(workspaceId);
    const shown = await switcher(page).evaluate((select: HTMLSelectElement) => {
      const style = getComputedStyle(select);
      const canvas = document.createElement('canvas').getContext('2d')!;
      canvas.font = style.font;
      const label = select.selectedOptions[0].text;
      // The select's room for its text: its width less the padding (the indicator sits in the right padding).
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { label, fits: canvas.measureText(label).width <= room, width: Math.round(select.getBoundingClientRect().width) };
    });
    expect(shown).toMatchObject({ label: 'Launch team (owner)', fits: true });
    expect(shown.width).toBeGreaterThanOrEqual(200);
    await expect(page.getByTestId('welcome').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Logout' }).isVisible()).resolves.toBe(true);
    await expect(page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).resolves.toBeLessThanOrEqual(0);
    await page.screenshot({ path: 'test-artifacts/workspaces-switcher-390.png' });
    await page.setViewportSize({ width: 1400, height: 900 });
  });

  it('a second user accepts at /invite/{token}, switches workspaces in the header and edits the link', async () => {
    const { page, session } = await userPage('ws-browser-editor');
    await page.goto(invitationUrl);
    await page.getByRole('heading', { level: 1, name: 'Invitation' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await expectToast(page, 'Welcome to the workspace', 'You joined Launch team as editor.');
    await page.getByRole('heading', { level: 1, name: 'My Links' }).waitFor();
    await expect(switcher(page).inputValue()).resolves.toBe(workspaceId);

    // Back to the personal workspace (no links there), then to the team's again, with the header's switcher.
    await switcher(page).selectOption({ label: 'Personal' });
    await page.getByText('Launch plan').waitFor({ state: 'detached' });
    await switcher(page).selectOption({ label: 'Launch team (editor)' });
    await page.getByText('Launch plan').first().waitFor();

    await page.getByRole('button', { name: 'Actions for Launch plan', exact: true }).first().click();
    await page.getByRole('menuitem', { name: 'Edit Launch plan', exact: true }).click();
    await page.getByLabel('Link Name').fill('Launch plan v2');
    await page.getByRole('dialog').getByRole('button', { name: 'Update Link' }).click();
    await expectToast(page, 'Success', 'Link updated successfully');
    await page.getByText('Launch plan v2').first().waitFor();
    const link = await ok('GET', `/api/links/${linkId}?workspaceId=${workspaceId}`, undefined, session);
    expect(link.name).toBe('Launch plan v2');
    // The same invitation link does not work twice.
    const again = await api('POST', `/api/invitations/${invitationUrl.split('/').pop()}/accept`, undefined, owner.session);
    expect(again.status).toBe(404);
  });

  it('a viewer sees the link without edit or delete controls, and the Activity screen lists who did what', async () => {
    const invitation = await ok('POST', `/api/workspaces/${workspaceId}/invitations`, { role: 'viewer' }, owner.session);
    const { page } = await userPage('ws-browser-viewer');
    await page.goto(`${system.apiUrl}/invite/${invitation.token}`);
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await page.getByRole('heading', { level: 1, name: 'My Links' }).waitFor();
    await page.getByText('Launch plan v2').first().waitFor();
    await page.getByRole('link', { name: 'Analytics for Launch plan v2' }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Edit Launch plan v2' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete Launch plan v2' }).count()).toBe(0);
    // the row's actions menu offers sharing but no edit, archive or delete
    await page.getByRole('button', { name: 'Actions for Launch plan v2', exact: true }).first().click();
    await page.getByRole('menuitem', { name: 'Share Launch plan v2', exact: true }).waitFor();
    expect(await page.getByRole('menuitem', { name: /^(Edit|Archive|Delete) Launch plan v2$/ }).count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.goto(`${system.apiUrl}/workspace/activity`);
    await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor();
    const rows = page.getByTestId('activity-row');
    await rows.first().waitFor();
    const texts = await rows.allInnerTexts();
    expect(texts.some((t) => t.includes('ws-browser-editor') && t.includes('link updated'))).toBe(true);
    expect(texts.some((t) => t.includes('ws-browser-owner') && t.includes('link created'))).toBe(true);
    expect(texts.some((t) => t.includes('invitation created'))).toBe(true);
  });
});
