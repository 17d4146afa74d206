/**
 * The password form in Chromium (issue 35, docs/security.md "Password links"): a visitor types the right password and
 * lands on the destination. The form page's CSP (form-action) governs the 302 that answers the form too, so a policy
 * naming only 'self' left the visitor on the form while the click was counted. The api and the redirector run
 * in-process; the destination is a real HTTP server that Chromium reaches as destination.test (--host-resolver-rules).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { createLogger, loadConfig } from '@app/config';
import { startRedirector, type Redirector } from '../../apps/redirector/app.js';
import { approvedUser } from '../helpers/auth.js';
import { freePort } from '../helpers/processes.js';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { launchBrowser } from './helpers/browser.js';

const PASSWORD = 'correct-horse';

let api: TestApi;
let redirector: Redirector;
let destination: Server;
let browser: Browser;
let shortBaseUrl: string;
let destinationUrl: string;

beforeAll(async () => {
  const port = await freePort();
  shortBaseUrl = `http://127.0.0.1:${port}`;
  api = await startTestApi({ SHORT_BASE_URL: shortBaseUrl });
  redirector = await startRedirector(
    loadConfig({
      DATABASE_URL: api.config.databaseUrl,
      REDIS_URL: api.config.redisUrl,
      REDIS_PREFIX: api.config.redisPrefix,
      REDIRECT_PORT: String(port),
      SHORT_BASE_URL: shortBaseUrl,
      CLICK_FLUSH_MS: '10',
      LOG_LEVEL: 'error',
    }),
    createLogger('password-redirect-test', 'error'),
  );
  destination = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>Destination</title><h1>Arrived at ${req.url}</h1>`);
  });
  await new Promise<void>((resolve) => destination.listen(0, '127.0.0.1', resolve));
  destinationUrl = `http://destination.test:${(destination.address() as AddressInfo).port}/arrived`;
  browser = await launchBrowser(['--host-resolver-rules=MAP destination.test 127.0.0.1']);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => destination?.close(resolve));
  await redirector?.close(2000);
  await api?.close();
});

describe('password form in Chromium', () => {
  it('typing the right password lands on the destination; a wrong one stays on the form', async () => {
    const { sessionId } = await approvedUser(api, 'pw-owner');
    const created = await api.call('POST', '/api/links', { session: sessionId, body: { originalUrl: destinationUrl, password: PASSWORD } });
    expect(created.status).toBe(201);
    const page = await browser.newPage();
    const blocked: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') blocked.push(msg.text());
    });

    await page.goto(`${shortBaseUrl}/s/${created.body.shortCode}`);
    await page.getByRole('heading', { name: 'Password required' }).waitFor();
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').filter({ hasText: 'Incorrect password' }).waitFor();

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Arrived at /arrived' }).waitFor({ timeout: 10_000 });
    expect(page.url()).toBe(destinationUrl);
    expect(blocked.filter((m) => /Content Security Policy/i.test(m))).toEqual([]);
    await page.close();
  });
});
