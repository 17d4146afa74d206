// The Chromium half of `npm run bench:links`: what a user with many links notices in the built web app, served by the
// api under test (playwright-core with the system's /usr/bin/chromium; never a downloaded browser).
import { chromium } from 'playwright-core';

const FIRST_ROW = '[data-testid="link-row"]';

/** A signed-in page (the session id in localStorage before the app's scripts run, as the app keeps it). */
async function signedInPage(browser, sessionId) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addInitScript((id) => localStorage.setItem('sessionId', id), sessionId);
  const page = await context.newPage();
  let crashed = false;
  page.on('crash', () => (crashed = true));
  return { context, page, crashed: () => crashed };
}

/** Navigation to My Links until its first row is on screen: ms, or null (said on the console as `what`) when it never came. */
async function timeToFirstRow(page, base, timeoutMs, what) {
  const t0 = performance.now();
  try {
    await page.goto(`${base}/links`);
    await page.waitForSelector(FIRST_ROW, { timeout: timeoutMs });
    return performance.now() - t0;
  } catch (err) {
    console.log(`  My Links, ${what}: no row within ${timeoutMs / 1000} s: ${String(err.message).split('\n')[0]}`);
    return null;
  }
}

/** My Links from navigation to its first row on screen, `runs` times in fresh tabs (ms; null when it never came). */
async function firstRowTimes(browser, base, sessionId, runs, timeoutMs) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const { context, page, crashed } = await signedInPage(browser, sessionId);
    times.push(await timeToFirstRow(page, base, timeoutMs, `run ${i + 1}`));
    if (times.at(-1) === null && crashed()) console.log('  (the tab crashed)');
    await context.close().catch(() => undefined);
    if (times.at(-1) === null) break; // one failure says it; the next would wait as long
  }
  return times;
}

/**
 * My Links from navigation to its first row on screen for a returning user: one browser profile that has opened the
 * app twice (its HTTP cache holds the hashed, immutable scripts, and V8 keeps the compiled code of a script it has run
 * twice), then `runs` new tabs in it. The fresh-tab figure above is the first visit after each deploy; this one is
 * every visit after it.
 */
async function returningFirstRowTimes(browser, base, sessionId, runs, timeoutMs) {
  const { context, page: first } = await signedInPage(browser, sessionId);
  const times = [];
  try {
    for (const visit of ['first visit', 'second visit']) if ((await timeToFirstRow(first, base, timeoutMs, visit)) === null) return [null];
    await first.close();
    for (let i = 0; i < runs; i++) {
      const page = await context.newPage();
      times.push(await timeToFirstRow(page, base, timeoutMs, `returning visit ${i + 1}`));
      await page.close().catch(() => undefined);
      if (times.at(-1) === null) break;
    }
  } finally {
    await context.close().catch(() => undefined);
  }
  return times;
}

const describeTimes = (times) => {
  const ok = times.filter((t) => t !== null).sort((a, b) => a - b);
  return ok.length === times.length && ok.length > 0
    ? `median ${ok[Math.floor(ok.length / 2)].toFixed(0)} ms, slowest ${ok.at(-1).toFixed(0)} ms (target ≤ 1000 ms); each: ${times.map((t) => t.toFixed(0)).join(', ')}`
    : `no row within 60 s`;
};

/**
 * The dashboard left open with Live on for `seconds`: every byte it received over HTTP (body as sent, compressed or
 * not, plus headers) and over the live socket, counted from after its first load.
 */
async function dashboardBytes(browser, base, sessionId, seconds) {
  const { context, page, crashed } = await signedInPage(browser, sessionId);
  const counted = { http: 0, socket: 0, requests: 0, largest: { bytes: 0, url: '' } };
  let counting = false;
  const sizes = [];
  page.on('requestfinished', (req) => {
    if (!counting) return;
    sizes.push(
      req.sizes().then((s) => {
        const bytes = s.responseBodySize + s.responseHeadersSize;
        counted.http += bytes;
        counted.requests++;
        if (bytes > counted.largest.bytes) counted.largest = { bytes, url: new URL(req.url()).pathname + new URL(req.url()).search };
      }),
    );
  });
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      if (counting) counted.socket += typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    }),
  );
  try {
    await page.goto(`${base}/`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
    counting = true;
    await page.waitForTimeout(seconds * 1000);
    counting = false;
    await Promise.allSettled(sizes);
    const live = await page
      .getByTestId('live-badge')
      .textContent()
      .catch(() => '?');
    return { ...counted, live, crashed: crashed() };
  } catch (err) {
    return { ...counted, error: String(err.message).split('\n')[0], crashed: crashed() };
  } finally {
    await context.close().catch(() => undefined);
  }
}

/** Prints My Links' time to first row (`runs` fresh tabs) and the dashboard's bytes per minute (none when `seconds` is 0). */
export async function measureInChromium({ base, sessionId, links, runs = 5, seconds = 60 }) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const times = await firstRowTimes(browser, base, sessionId, runs, 60_000);
    console.log(
      `\nChromium, ${links.toLocaleString('en')} links of the user:\nMy Links, navigation → first row on screen, first visit (${times.length} fresh profiles, nothing cached): ${describeTimes(times)}`,
    );
    const returning = await returningFirstRowTimes(browser, base, sessionId, runs, 60_000);
    console.log(
      `My Links, navigation → first row on screen, returning visit (${returning.length} new tabs of a profile that opened the app before): ${describeTimes(returning)}`,
    );
    if (seconds <= 0) return;
    const d = await dashboardBytes(browser, base, sessionId, seconds);
    const perMinute = ((d.http + d.socket) * 60) / seconds / 1000;
    console.log(
      `Dashboard left open ${seconds} s (badge: ${d.live ?? '?'}): ${perMinute.toFixed(1)} kB/min received (HTTP ${(d.http / 1000).toFixed(1)} kB in ${d.requests} responses, as sent: compressed where the server compressed; socket ${(d.socket / 1000).toFixed(1)} kB); largest response ${(d.largest.bytes / 1000).toFixed(1)} kB ${d.largest.url} (target ≤ 100 kB/min)` +
        (d.error ? `; stopped: ${d.error}` : '') +
        (d.crashed ? '; the tab crashed' : ''),
    );
  } finally {
    await browser.close();
  }
}
