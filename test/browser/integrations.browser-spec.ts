/**
 * The Integrations page (docs/product.md#integrations) in Chromium against the real built system (api + redirector + worker as
 * processes, own DB/prefix/ports, WEBHOOK_ALLOW_PRIVATE=true so a receiver on 127.0.0.1 may be used):
 * - an API key is created, copied (the clipboard holds what the page showed) and works as a Bearer key within its
 *   scopes only; revoked in the page, it gets 401;
 * - a webhook pointing at a real HTTP receiver started here gets a signed link.created delivery, the page's
 *   deliveries view shows it as delivered, and Delete removes the webhook;
 * - a CSV file dropped on the drop area is uploaded as multipart and imported: the progress bar reaches 100 % and the result lists exactly the
 *   skipped rows (the progress also arrives over the page's /live socket); the links exist; Export CSV downloads them.
 * The page at 1400 px and 390 px: screenshots in test-artifacts/, axe-core without serious/critical violations, no
 * sideways scrolling, no uncaught page errors.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { jsonClient } from '../helpers/json-fetch.js';
import { checkScreen as checkScreenOn, expectToast as expectToastOn, launchBrowser, watchErrors } from './helpers/browser.js';
import { signedInContext } from './helpers/session.js';
import { cleanUpAfterSuite } from './helpers/suite.js';
import { startSystem, type RunningSystem } from './helpers/system.js';

const IMPORT_ROWS = 120;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real webhook endpoint: answers 200 and records every request; `next` resolves on the next match. */
class Receiver {
  readonly requests: Received[] = [];
  private waiters: { match: (r: Received) => boolean; resolve: (r: Received) => void }[] = [];
  private server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const received = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      this.requests.push(received);
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      this.waiters = this.waiters.filter((w) => (w.match(received) ? (w.resolve(received), false) : true));
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks/linkpulse`;
  }

  next(match: (r: Received) => boolean, timeoutMs = 30_000): Promise<Received> {
    const found = this.requests.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching webhook request in ${timeoutMs} ms; got ${this.requests.length}`)), timeoutMs);
      this.waiters.push({ match, resolve: (r) => (clearTimeout(timer), resolve(r)) });
    });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let system: RunningSystem;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];
let session: string;
const receiver = new Receiver();
let receiverUrl: string;
const problems: string[] = [];
/** Every socket.io frame the page receives (the /live socket). */
const liveFrames: string[] = [];
const { api, ok } = jsonClient(
  () => system.apiUrl,
  () => session,
);
const checkScreen = async (name: string) => {
  problems.push(...(await checkScreenOn(page, name, { prefix: 'integrations', height: 844 })));
};
const expectToast = (title: string, description?: string) => expectToastOn(page, title, description, { closed: 'detached' });

const section = (title: string) => page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title }) });

beforeAll(async () => {
  receiverUrl = await receiver.start();
  system = await startSystem({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  session = (await ok('POST', '/api/auth/login', system.admin, null)).sessionId;
  browser = await launchBrowser();
  context = await signedInContext(browser, session, { acceptDownloads: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: system.apiUrl });
  page = await context.newPage();
  pageErrors = watchErrors(page);
  page.on('websocket', (ws) => {
    if (ws.url().includes('/socket.io/')) ws.on('framereceived', (f) => liveFrames.push(String(f.payload)));
  });
  await page.goto(`${system.apiUrl}/integrations`);
  await page.getByRole('heading', { level: 1, name: 'Integrations' }).waitFor({ timeout: 30_000 });
}, 240_000);

cleanUpAfterSuite(() => ({ browser, system, pageErrors }));
afterAll(() => receiver.stop(), 60_000);

describe('Integrations page in Chromium', () => {
  it('is in the sidebar and shows its four parts', async () => {
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Integrations' }).getAttribute('aria-current')).resolves.toBe('page');
    for (const title of ['API Keys', 'Webhooks', 'Import Links', 'Export Links']) await section(title).waitFor();
    await section('API Keys').getByText('No API keys yet').waitFor();
    await section('Webhooks').getByText('No webhooks yet').waitFor();
    await checkScreen('empty');
  });

  it('creates an API key, copies it, and the copy works as a Bearer key within its scopes until revoked', async () => {
    const keys = section('API Keys');
    await keys.getByLabel('Key name').fill('Browser script');
    // As a user does: a click on the scope's label.
    await keys.getByText('links:write', { exact: true }).click();
    await expect(keys.getByRole('checkbox', { name: 'links:write' }).isChecked()).resolves.toBe(true);
    await expect(keys.getByRole('checkbox', { name: 'links:read' }).isChecked()).resolves.toBe(true);
    await keys.getByRole('button', { name: 'Create API Key' }).click();

    const shown = keys.getByRole('textbox', { name: 'New API key' });
    await shown.waitFor();
    const key = await shown.inputValue();
    expect(key).toMatch(/^lp_.{20,}$/);
    await keys.getByText("It won't be shown again.", { exact: false }).waitFor();
    await keys.getByRole('button', { name: 'Copy' }).click();
    await expectToast('Copied!', 'API key copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await checkScreen('key-created');

    // The copied key acts as the admin within links:read + links:write, and nowhere else.
    const created = await api('POST', '/api/links', { name: 'Made by a script', originalUrl: 'https://example.org/script' }, key);
    expect(created.status).toBe(201);
    const listed = await api('GET', '/api/links', undefined, key);
    expect(listed.status).toBe(200);
    expect(listed.body.map((l: { name: string }) => l.name)).toEqual(['Made by a script']);
    const stats = await api('GET', '/api/analytics/stats', undefined, key);
    expect(stats.status).toBe(403);
    expect(JSON.stringify(stats.body)).toContain('analytics:read');
    expect((await api('GET', '/api/api-keys', undefined, key)).status).not.toBe(200);

    // Done: the key is gone from the page for good; the list shows its scopes and that it was used.
    await keys.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText(key).count()).resolves.toBe(0);
    await page.reload();
    const item = page.locator('[data-testid="api-key-item"]').filter({ hasText: 'Browser script' });
    await item.getByText('links:read', { exact: true }).waitFor({ timeout: 30_000 });
    await item.getByText('links:write', { exact: true }).waitFor();
    await expect(item.textContent()).resolves.toMatch(/Expires Never · Last used [A-Z][a-z]{2} \d/);
    expect(await page.content()).not.toContain(key);

    await item.getByRole('button', { name: 'Revoke' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Revoke API Key' });
    await dialog.getByRole('button', { name: 'Revoke Key' }).click();
    await expectToast('API Key Revoked');
    await section('API Keys').getByText('No API keys yet').waitFor();
    expect((await api('GET', '/api/links', undefined, key)).status).toBe(401);
  });

  it('adds a webhook to a real receiver, which gets a signed delivery that the page shows', async () => {
    const hooks = section('Webhooks');
    await hooks.getByLabel('Endpoint URL').fill(receiverUrl);
    await hooks.getByRole('button', { name: 'Add Webhook' }).click();
    const shown = hooks.getByRole('textbox', { name: 'New signing secret' });
    await shown.waitFor();
    const secret = await shown.inputValue();
    expect(secret.length).toBeGreaterThanOrEqual(16);
    const item = page.locator('[data-testid="webhook-item"]').filter({ hasText: receiverUrl });
    for (const event of ['link.created', 'link.updated', 'link.deleted', 'link.clicked']) await item.getByText(event, { exact: true }).waitFor();

    const link = await ok('POST', '/api/links', { name: 'Hooked link', originalUrl: 'https://example.org/hooked' });
    const delivery = await receiver.next((r) => r.headers['x-linkpulse-event'] === 'link.created' && r.body.includes(link.id));
    const payload = JSON.parse(delivery.body);
    expect(payload.type).toBe('link.created');
    expect(delivery.headers['x-linkpulse-delivery']).toBe(payload.id);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(delivery.headers['x-linkpulse-signature'])) ?? [];
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${delivery.body}`).digest('hex'));

    await hooks.getByRole('button', { name: 'Done' }).click();
    await item.getByRole('button', { name: 'Deliveries' }).click();
    const row = item.locator('[data-testid="delivery-row"]').filter({ hasText: 'link.created' });
    await row.getByText('Delivered', { exact: true }).waitFor({ timeout: 20_000 });
    await expect(row.first().textContent()).resolves.toContain('200');
    await checkScreen('webhook-deliveries');

    // Deleted in the page (after the confirmation): gone from the api too.
    await item.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete Webhook' }).getByRole('button', { name: 'Delete Webhook' }).click();
    await expectToast('Webhook Deleted');
    await hooks.getByText('No webhooks yet').waitFor();
    expect(await ok('GET', '/api/webhooks')).toEqual([]);
  });

  it('imports a dropped CSV file: the progress bar reaches 100 % and the result lists the skipped rows', async () => {
    const lines = ['url,code,name,tags'];
    for (let i = 0; i < IMPORT_ROWS; i++) lines.push(`https://example.org/imported/${i},imp-${i},Imported ${i},import;browser`);
    lines.splice(11, 0, 'not a url,bad-url,Broken row,'); // data row 11
    lines.push(',no-url,Missing url,'); // data row IMPORT_ROWS + 2
    const csv = `${lines.join('\n')}\n`;

    const card = section('Import Links');
    await card.getByLabel('Format').selectOption('csv');
    // A real drop: a File in a DataTransfer, dropped on the area.
    await page.evaluate((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], 'links-to-import.csv', { type: 'text/csv' }));
      const area = document.querySelector('[data-testid="file-drop-area"]')!;
      area.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      area.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }, csv);
    await card.getByText('Selected: links-to-import.csv').waitFor();

    // Every value the bar takes, from its first appearance.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      const record = () => {
        const bar = document.querySelector('[data-testid="import-progress"] [role="progressbar"]');
        const value = bar?.getAttribute('aria-valuenow');
        if (value !== null && value !== undefined && seen[seen.length - 1] !== Number(value)) seen.push(Number(value));
      };
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
    });
    // First the preview (a dry run: nothing is created), then the import itself.
    const linksBefore = (await ok('GET', '/api/links')).length;
    await card.getByRole('button', { name: 'Preview Import' }).click();
    await expect(card.getByTestId('import-preview-summary').textContent()).resolves.toBe(
      `${IMPORT_ROWS} links will be created, 2 rows skipped (of ${IMPORT_ROWS + 2} rows)`,
    );
    expect((await ok('GET', '/api/links')).length).toBe(linksBefore);
    const accepted = page.waitForResponse((r) => r.url().endsWith('/api/imports') && r.request().method() === 'POST' && r.status() === 202);
    await card.getByRole('button', { name: `Import ${IMPORT_ROWS} links` }).click();
    const response = await accepted;
    // The dropped file itself is uploaded (multipart/form-data, docs/product.md#imports-and-exports), not read into a JSON string.
    expect(response.request().headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const { id } = await response.json();
    const started = Date.now();

    await card.getByText('Import finished').waitFor({ timeout: 60_000 });
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    console.log(`import of ${IMPORT_ROWS + 2} rows: result shown after ${Date.now() - started} ms; bar values seen: ${seen.join(', ')}`);
    expect(seen.at(-1)).toBe(100);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen); // never goes back
    // The progress came over the page's /live socket too, up to the import's final event.
    const frames = () => liveFrames.filter((f) => f.includes('"import-progress"') && f.includes(id));
    await page.waitForFunction(() => true); // let Playwright deliver the frames received so far
    const deadline = Date.now() + 10_000;
    while (!frames().some((f) => f.includes('"status":"done"')) && Date.now() < deadline) await page.waitForTimeout(100);
    expect(frames().some((f) => f.includes('"status":"done"'))).toBe(true);
    await expect(card.getByTestId('import-summary').textContent()).resolves.toBe(`${IMPORT_ROWS} links created, 2 rows skipped`);

    const result = await ok('GET', `/api/imports/${id}`);
    expect(result).toMatchObject({ status: 'done', total: IMPORT_ROWS + 2, created: IMPORT_ROWS });
    expect(result.skipped.map((s: { row: number }) => s.row)).toEqual([11, IMPORT_ROWS + 2]);
    const rows = await card.locator('[data-testid="skipped-row"]').allTextContents();
    expect(rows).toEqual(result.skipped.map((s: { row: number; reason: string }) => `${s.row}${s.reason}`));
    for (const s of result.skipped) expect(s.reason.length).toBeGreaterThan(3);
    await checkScreen('import-result');

    const links: { shortCode: string }[] = await ok('GET', '/api/links');
    const codes = new Set(links.map((l) => l.shortCode));
    expect([...Array(IMPORT_ROWS).keys()].every((i) => codes.has(`imp-${i}`))).toBe(true);
    expect(codes.has('bad-url')).toBe(false);
  });

  it("imports a Bitly dashboard export: the preview first, then the links with Bitly's creation dates and clicks", async () => {
    const file = join(import.meta.dirname, '../fixtures/imports/real/bitly-dashboard.csv');
    const expected = JSON.parse(readFileSync(`${file}.expected.json`, 'utf8'));
    const card = section('Import Links');
    await card.getByLabel('Format').selectOption('bitly');
    await card.locator('input[type="file"]').setInputFiles(file);
    await card.getByText('Selected: bitly-dashboard.csv').waitFor();
    await card.getByRole('button', { name: 'Preview Import' }).click();
    const preview = card.getByTestId('import-preview');
    await expect(preview.getByTestId('import-preview-shape').textContent()).resolves.toBe('Read as a Bitly dashboard CSV export.');
    await expect(preview.getByTestId('import-preview-summary').textContent()).resolves.toBe(
      `${expected.created} links will be created, ${expected.skipped.length} rows skipped (of ${expected.total} rows)`,
    );
    const skipped = await preview.locator('[data-testid="preview-skipped-row"]').allTextContents();
    expect(skipped.map((r) => Number(/^\d+/.exec(r)![0]))).toEqual(expected.skipped.map(([row]: [number]) => row));
    await preview.getByText('3 back-halves (bd-spring-sale, bd-ss24, 3xYz9Ab) kept as 3 links to the same destination.').waitFor();
    await checkScreen('import-preview');
    expect((await ok('GET', '/api/links')).some((l: { shortCode: string }) => l.shortCode === 'bd-spring-sale')).toBe(false);

    await preview.getByRole('button', { name: `Import ${expected.created} links` }).click();
    await card.getByText('Import finished').waitFor({ timeout: 60_000 });
    await expect(card.getByTestId('import-summary').textContent()).resolves.toBe(
      `${expected.created} links created, ${expected.skipped.length} rows skipped`,
    );

    // My Links: each imported link with the date Bitly created it, and Bitly's clicks apart from the exact ones.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My Links' }).click();
    await page.getByLabel('Search links').fill('bd-');
    for (const [code, date, before] of [
      ['bd-spring-sale', 'Mar 4, 2021', '1,204 clicks before import'],
      ['bd-long-title', 'Sep 10, 2017', '64 clicks before import'],
      ['BD-CamelCase_01', 'May 5, 2015', '505 clicks before import'],
    ]) {
      const row = page.getByRole('row').filter({ hasText: `/s/${code}` });
      await row.waitFor();
      await row.getByText(date, { exact: true }).waitFor();
      await expect(row.getByTestId('imported-clicks').textContent()).resolves.toBe(before);
      await expect(row.getByTestId('link-clicks').textContent()).resolves.toMatch(/^0/);
    }
    await checkScreen('imported-links');
    await page.goto(`${system.apiUrl}/integrations`);
    await page.getByRole('heading', { level: 1, name: 'Integrations' }).waitFor();
  });

  it('exports every link as CSV', async () => {
    const download = page.waitForEvent('download');
    await section('Export Links').getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const text = readFileSync(file, 'utf8');
    const links: { shortCode: string }[] = await ok('GET', '/api/links');
    expect(text.trim().split(/\r?\n/).length).toBe(links.length + 1);
    for (const code of ['imp-0', `imp-${IMPORT_ROWS - 1}`]) expect(text).toContain(code);
    await expectToast('Export Successful', 'All links exported as CSV');
  });

  it('has no serious accessibility problems and no sideways scrolling at 1400 and 390 px', () => {
    expect(problems).toEqual([]);
  });
});
