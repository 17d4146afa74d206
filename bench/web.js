#!/usr/bin/env node
// npm run bench:web — the built web app as a browser gets it from the built api on loopback (Chromium via
// playwright-core): the JavaScript the login page transfers on the wire (Performance API resource timings:
// transferSize, i.e. compressed bytes plus headers, which Chromium counts as a flat 300 B per response; the
// compressed bytes alone, encodedBodySize; and the uncompressed size), then the dashboard's largest
// contentful paint for a signed-in admin. Run `npm run build` first. BENCH_RUNS (5) page loads each, fresh cache.
import { existsSync } from 'node:fs';
import { launchChromium } from '../test/browser/helpers/chromium.js';
import { createTempEnv } from './lib/temp-env.js';
import { freePort, startProcess, stopProcess } from './lib/processes.js';
import { uptime } from './lib/system.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const API = 'dist/apps/api/main.js';
const ADMIN = { username: 'admin', password: 'bench-admin-pass-1' };
const fmtKb = (b) => `${(b / 1000).toFixed(1)} kB`;
const range = (xs, f) => `${f(Math.min(...xs))}–${f(Math.max(...xs))}`;

async function main() {
  if (!existsSync(API) || !existsSync('dist/web/index.html')) throw new Error('run npm run build first');
  console.log(`start: ${uptime()}`);
  const env = await createTempEnv('web');
  let api;
  let browser;
  try {
    const port = await freePort();
    api = await startProcess(
      API,
      [],
      {
        DATABASE_URL: env.databaseUrl,
        REDIS_URL: env.redisUrl,
        REDIS_PREFIX: env.prefix,
        API_PORT: String(port),
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
      },
      `http://127.0.0.1:${port}/api/health/live`,
    );
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (!login.ok) throw new Error(`admin login answered ${login.status}`);
    const { sessionId } = await login.json();
    browser = await launchChromium();

    const loginRuns = [];
    const lcpRuns = [];
    for (let i = 0; i < RUNS; i++) {
      // Login page: a fresh context (empty cache), everything the page loads until the network is idle.
      const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const page = await ctx.newPage();
      await page.goto(`${base}/`, { waitUntil: 'networkidle' });
      await page
        .getByRole('button', { name: /sign in|log in|login/i })
        .first()
        .waitFor({ timeout: 30_000 });
      loginRuns.push(
        await page.evaluate(() => {
          const js = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.js'));
          return {
            files: js.length,
            transfer: js.reduce((a, e) => a + e.transferSize, 0),
            body: js.reduce((a, e) => a + e.encodedBodySize, 0),
            decoded: js.reduce((a, e) => a + e.decodedBodySize, 0),
          };
        }),
      );
      await ctx.close();

      // Dashboard of a signed-in admin: LCP from a buffered PerformanceObserver, read once the page has settled.
      const ctx2 = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      await ctx2.addInitScript((id) => localStorage.setItem('sessionId', id), sessionId);
      const dash = await ctx2.newPage();
      await dash.goto(`${base}/dashboard`, { waitUntil: 'networkidle' });
      await dash.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
      lcpRuns.push(
        await dash.evaluate(
          () =>
            new Promise((resolve) => {
              let last = 0;
              new PerformanceObserver((list) => {
                for (const e of list.getEntries()) last = e.startTime;
              }).observe({ type: 'largest-contentful-paint', buffered: true });
              setTimeout(() => resolve(last), 500);
            }),
        ),
      );
      await ctx2.close();
    }
    console.log(`web bench: ${RUNS} loads each, Chromium on loopback, empty cache`);
    console.log(
      `login page JavaScript: ${loginRuns[0].files} files, ${range(
        loginRuns.map((r) => r.transfer),
        fmtKb,
      )} on the wire with response headers, ${fmtKb(loginRuns[0].body)} of compressed JavaScript alone (${fmtKb(loginRuns[0].decoded)} uncompressed)  (target ≤ 130 kB on the wire)`,
    );
    const sorted = [...lcpRuns].sort((a, b) => a - b);
    console.log(
      `dashboard LCP: median ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms, runs ${range(lcpRuns, (x) => `${x.toFixed(0)} ms`)}  (target ≤ 1000 ms)`,
    );
    console.log(`end: ${uptime()}`);
  } finally {
    await browser?.close();
    if (api) await stopProcess(api.child);
    await env.cleanup();
  }
}

main().catch((err) => {
  console.error(`bench:web failed: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
