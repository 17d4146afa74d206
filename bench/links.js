#!/usr/bin/env node
// `npm run bench:links [-- --links 1000000] [-- --mine 100000] [-- --requests 40] [-- --browser 0] [-- --seconds 60]`: a team's volume of links
// [-- --wrk-seconds 10 --connections 4] (wrk per call kind; 0 seconds: none) [-- --port N] [-- --keep | --database lp_bench_links_…]
// (--keep leaves the seeded database; --database reuses it, migrated to this build: a before/after pair seeds once;
// a --database that holds no bench user yet, or does not exist, is seeded under that name and kept)
// [-- --browser-only [--runs 5] [--web-dist dir]]: on a seeded --database, only the Chromium half (--seconds 0: without the
// dashboard), `--runs` fresh tabs, the web app from `dir` (default dist/web): an A/B of two web builds on one api.
// (docs/architecture.md "Link lists"). Seeds `--links` links (default 1,000,000), `--mine` of them (default 100,000)
// owned by one signed-up user and the rest by 200 other owners, with click totals on a third of them; then against the
// built api started as its own process it prints:
//  - p50/p95 of a page, a deep page, searches (name, code, URL, a rare and a common term) and each sort, one at a time;
//  - the same call kinds under wrk, each rotating through many requests of its kind: p50/p95/p99/max, load average;
//  - the unpaged form (GET /api/links, every link of the user, streamed): its bytes, time, the api's peak memory
//    (VmHWM) before and during, and the slowest /api/health/live answered while it streams;
//  - in Chromium (bench/lib/links-browser.js, the built web app served by the api): My Links' time to first row and
//    the dashboard's bytes per minute with Live on.
// Targets: page and search p95 ≤ 100 ms at 1M links; no concurrent request slowed past 100 ms; first row ≤ 1 s;
// dashboard ≤ 100 kB/min. Prints, never asserts. A build without paging (before the release) answers every call
// with the whole list: each is then asked 3 times, and says so.
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { resolve } from 'node:path';
import { loadavg } from 'node:os';
import { numberArg, textArg } from './lib/args.js';
import { builtMains } from './lib/built.js';
import { freePort, startProcess, stopProcess } from './lib/processes.js';
import { measureInChromium } from './lib/links-browser.js';
import { seedLinks, WORDS } from './lib/seed-links.js';
import { BENCH_ADMIN, createTempEnv } from './lib/temp-env.js';
import { ensureWrk, runWrk, writeRequestMix } from './lib/wrk.js';

const [apiMain] = builtMains('api');
const LINKS = numberArg('links', 1_000_000);
const MINE = Math.min(LINKS, numberArg('mine', Math.round(LINKS / 10)));
const REQUESTS = numberArg('requests', 40);
const BROWSER = numberArg('browser', 1) !== 0;
const SECONDS = numberArg('seconds', 60);
const WRK_SECONDS = numberArg('wrk-seconds', 10);
const WRK_CONNECTIONS = numberArg('connections', 4);
const PORT = numberArg('port', 0);
const REUSE = textArg('database');
const KEEP = process.argv.includes('--keep');
const BROWSER_ONLY = process.argv.includes('--browser-only');
const RUNS = numberArg('runs', 5);
const WEB_DIST = resolve(textArg('web-dist') ?? 'dist/web');
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

const env = await createTempEnv('links', { reuse: REUSE, keep: KEEP });
const db = env.dataSource;
const port = PORT || (await freePort());
const base = `http://127.0.0.1:${port}`;
let api;
try {
  // the api serves this build's web app (dist/web) for the Chromium half
  api = await startProcess(apiMain, [], { ...env.apiEnv(port), WEB_DIST }, `${base}/api/health/live`);
  const call = async (method, path, body, token) => {
    const res = await fetch(base + path, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
    return text ? JSON.parse(text) : null;
  };
  // A real user (sign-up, approval): their personal workspace is theirs, as for any user.
  // (`--database`: a kept database, seeded by an earlier run: the same user signs in; a new one is seeded)
  const owner = { username: 'bench-owner', password: 'bench-password-1' };
  const seeding = !REUSE || (await db.query(`SELECT 1 FROM users WHERE username = $1`, [owner.username])).length === 0;
  if (!seeding && BROWSER_ONLY) {
    const me = await call('POST', '/api/auth/login', owner);
    console.log(`${REUSE}: ${MINE.toLocaleString('en')} links of the user (as seeded); web app from ${WEB_DIST}; load average ${load()}`);
    await measureInChromium({ base, sessionId: me.sessionId, links: MINE, seconds: SECONDS, runs: RUNS });
    console.log(`load average (1/5/15 min): ${load()} on a shared 2-core machine`);
  } else await wholeBench(call, owner, seeding);
} finally {
  if (api) await stopProcess(api.child);
  await env.cleanup();
}

/** Every phase: seeding when `seeding`, then the HTTP calls, wrk, the unpaged stream and (--browser) Chromium. */
async function wholeBench(call, owner, seeding) {
  const me = seeding ? await call('POST', '/api/auth/register', owner) : await call('POST', '/api/auth/login', owner);
  if (seeding)
    await call('POST', `/api/admin/users/${me.user.id}/approve`, undefined, (await call('POST', '/api/auth/login', BENCH_ADMIN)).sessionId);
  const token = me.sessionId;

  // Links straight into the read model (the bench is about reading them).
  const seeded = Date.now();
  if (seeding) {
    await seedLinks(db, {
      links: LINKS,
      mine: MINE,
      ownerId: me.user.id,
      onProgress: (n) => process.stdout.write(`\rseeded ${n.toLocaleString('en')} / ${LINKS.toLocaleString('en')} links`),
    });
  } else await db.query('ANALYZE links');
  console.log(
    `\r${!seeding ? `reused ${REUSE}: ` : 'seeded '}${LINKS.toLocaleString('en')} links (${MINE.toLocaleString('en')} of the user) in ${((Date.now() - seeded) / 1000).toFixed(0)} s`,
  );
  console.log(`load average (1/5/15 min) before measuring: ${load()} on a shared 2-core machine`);

  const timed = async (path) => {
    const times = [];
    let bytes = 0;
    let total = 0;
    let unpaged = false;
    for (let i = 0; i < (unpaged ? 4 : REQUESTS + 3); i++) {
      const t0 = performance.now();
      const res = await fetch(base + path, { headers: { authorization: `Bearer ${token}` } });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
      if (i >= 1 && (unpaged || i >= 3)) times.push(performance.now() - t0);
      bytes = body.length;
      const parsed = JSON.parse(body);
      // before the release: no paging, every call is the whole list (an array)
      unpaged = Array.isArray(parsed);
      total = unpaged ? `${parsed.length} (all)` : parsed.total;
    }
    times.sort((a, b) => a - b);
    const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
    return { p50: q(0.5), p95: q(0.95), bytes, total };
  };
  const cases = [
    ['page 1 (newest first)', 'limit=25'],
    ['page 2 (newest first)', 'limit=25&page=2'],
    ['page 400 (newest first)', 'limit=25&page=400'],
    ['search a name word ("webinar")', 'limit=25&search=webinar'],
    ['search a rare name ("webinar pricing 9")', 'limit=25&search=webinar%20pricing%209'],
    [
      'search a short code',
      `limit=25&search=${(await db.query(`SELECT short_code FROM links WHERE owner_id = $1 LIMIT 1 OFFSET 777`, [me.user.id]))[0].short_code}`,
    ],
    ['search a URL part ("example-4321.com")', 'limit=25&search=example-4321.com'],
    ['search everywhere-common ("example")', 'limit=25&search=example'],
    ['sort clicks desc', 'limit=25&sort=clicks'],
    ['sort clicks asc', 'limit=25&sort=clicks&order=asc'],
    ['sort lastClick desc', 'limit=25&sort=lastClick'],
    ['sort lastClick asc', 'limit=25&sort=lastClick&order=asc'],
    ['sort clicks desc + search "webinar"', 'limit=25&sort=clicks&search=webinar'],
    ['sort name asc', 'limit=25&sort=name&order=asc'],
    ['sort createdAt asc', 'limit=25&sort=createdAt&order=asc'],
    ['tag filter ("promo")', 'limit=25&tag=promo'],
  ];
  const rows = [];
  for (const [name, query] of cases) {
    rows.push({ name, ...(await timed(`/api/links?${query}`)) });
    // without paging every call is the same whole list: once is enough
    if (String(rows[0].total).endsWith('(all)')) break;
  }
  console.log(
    `\nGET /api/links?… at ${LINKS.toLocaleString('en')} links, ${MINE.toLocaleString('en')} of the caller; ${REQUESTS} requests each, one at a time`,
  );
  console.log(
    'call'.padEnd(44) + 'p50 ms'.padStart(9) + 'p95 ms'.padStart(9) + 'matching'.padStart(14) + 'bytes'.padStart(9) + '  target p95 ≤ 100 ms',
  );
  for (const r of rows) {
    console.log(
      r.name.padEnd(44) + r.p50.toFixed(1).padStart(9) + r.p95.toFixed(1).padStart(9) + String(r.total).padStart(14) + String(r.bytes).padStart(9),
    );
  }

  if (WRK_SECONDS > 0 && !String(rows[0].total).endsWith('(all)')) await wrkByKind(me.user.id, token);

  // The unpaged form while /api/health/live is asked every 20 ms.
  const hwm = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${api.child.pid}/status`, 'utf8'))[1]) / 1024;
  const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${api.child.pid}/status`, 'utf8'))[1]) / 1024;
  const before = { hwm: hwm(), rss: rss() };
  let streaming = true;
  let slowest = 0;
  let probes = 0;
  let peakRss = before.rss;
  const prober = (async () => {
    while (streaming) {
      const t0 = performance.now();
      await (await fetch(`${base}/api/health/live`)).arrayBuffer();
      slowest = Math.max(slowest, performance.now() - t0);
      probes++;
      peakRss = Math.max(peakRss, rss());
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  for (const encoding of ['identity', 'br']) {
    const t0 = performance.now();
    // node:http, not fetch: fetch decompresses, so its body is never the bytes on the wire
    const res = await new Promise((done, fail) =>
      get(`${base}/api/links`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding } }, done).on('error', fail),
    );
    let wire = 0;
    for await (const chunk of res) wire += chunk.length;
    console.log(
      `unpaged GET /api/links (${encoding}): ${(wire / 1e6).toFixed(1)} MB on the wire (content-encoding ${res.headers['content-encoding'] ?? 'none'}) in ${((performance.now() - t0) / 1000).toFixed(2)} s`,
    );
  }
  streaming = false;
  await prober;
  console.log(
    `api memory: RSS ${before.rss.toFixed(0)} MB before, peak RSS while streaming ${peakRss.toFixed(0)} MB (VmHWM ${before.hwm.toFixed(0)} → ${hwm().toFixed(0)} MB)`,
  );
  console.log(`slowest of ${probes} concurrent /api/health/live while streaming: ${slowest.toFixed(1)} ms (target ≤ 100 ms)`);
  console.log(`load average (1/5/15 min): ${load()} on a shared 2-core machine`);
  if (BROWSER) {
    await measureInChromium({ base, sessionId: token, links: MINE, seconds: SECONDS, runs: RUNS });
    console.log(`load average (1/5/15 min): ${load()} on a shared 2-core machine`);
  }
}

/**
 * HTTP latency under load (the project's rule: load from wrk): per call kind, a Lua script rotating through many
 * different requests of that kind (search terms, pages, sorts), `--connections` at once for `--wrk-seconds`, signed in
 * with the user's session. Prints wrk's p50/p95/p99/max and the load average with each line.
 */
async function wrkByKind(ownerId, token) {
  const wrk = ensureWrk();
  const pick = (n, f) => Array.from({ length: n }, (_, i) => f(i));
  const rnd = (n) => Math.floor(Math.random() * n);
  const codes = (await db.query(`SELECT short_code FROM links WHERE owner_id = $1 ORDER BY random() LIMIT 40`, [ownerId])).map((r) => r.short_code);
  // a seeded name is "<Word> <word> <i>" (seed-links.js); a rare search is a whole such name of the user's
  const rareName = (i) => `${WORDS[i % 12]} ${WORDS[Math.floor(i / 12) % 12]} ${i}`;
  const sorts = ['clicks', 'lastClick', 'name', 'createdAt'];
  const kinds = [
    ['pages 1–5 (newest first)', pick(5, (i) => `limit=25&page=${i + 1}`)],
    ['deep pages 2–4000 (newest first)', pick(40, () => `limit=25&page=${2 + rnd(3999)}`)],
    ['search a name word (12 words, pages 1–2)', pick(24, (i) => `limit=25&search=${WORDS[i % 12]}&page=${1 + (i >= 12)}`)],
    ['search two words ("spring sale", …)', pick(24, (i) => `limit=25&search=${encodeURIComponent(`${WORDS[i % 12]} ${WORDS[(i * 5 + 1) % 12]}`)}`)],
    ['search a rare name', pick(40, () => `limit=25&search=${encodeURIComponent(rareName(rnd(MINE)))}`)],
    ['search a short code', codes.map((c) => `limit=25&search=${c}`)],
    ['search a URL part ("example-N.com")', pick(40, () => `limit=25&search=example-${rnd(5000)}.com`)],
    ['search everywhere-common ("example", "https", …)', ['example', 'https', 'www', '.com', 'http'].map((t) => `limit=25&search=${t}`)],
    [
      'sort × order, pages 1–3 (8 sorts)',
      sorts.flatMap((s) => ['asc', 'desc'].flatMap((o) => pick(3, (i) => `limit=25&sort=${s}&order=${o}&page=${i + 1}`))),
    ],
    ['sort createdAt asc, pages 1–20', pick(20, (i) => `limit=25&sort=createdAt&order=asc&page=${i + 1}`)],
    [
      'sort + search a word',
      sorts.flatMap((s) => pick(6, (i) => `limit=25&sort=${s}&order=${i % 2 ? 'asc' : 'desc'}&search=${WORDS[(i * 7 + s.length) % 12]}`)),
    ],
    ['tag filter (12 tags, pages 1–3)', WORDS.flatMap((w) => pick(3, (i) => `limit=25&tag=${w}&page=${i + 1}`))],
  ];
  console.log(
    `\nwrk: ${WRK_CONNECTIONS} connections, ${WRK_SECONDS} s per kind, each kind rotating through its request list (command: npm run bench:links -- --wrk-seconds ${WRK_SECONDS} --connections ${WRK_CONNECTIONS})`,
  );
  console.log(
    'kind'.padEnd(52) +
      'urls'.padStart(5) +
      'req/s'.padStart(8) +
      'p50 ms'.padStart(9) +
      'p95 ms'.padStart(9) +
      'p99 ms'.padStart(9) +
      'max ms'.padStart(9) +
      '  non-2xx  load avg (1/5/15)',
  );
  for (const [name, queries] of kinds) {
    const script = writeRequestMix(queries.map((q) => ({ path: `/api/links?${q}`, headers: { authorization: `Bearer ${token}` } })));
    const r = await runWrk(wrk, { url: base, script, connections: WRK_CONNECTIONS, seconds: WRK_SECONDS });
    const f = (ms) => (ms ?? NaN).toFixed(1).padStart(9);
    console.log(
      name.padEnd(52) +
        String(queries.length).padStart(5) +
        r.rps.toFixed(0).padStart(8) +
        f(r.pct[50]) +
        f(r.pct[95]) +
        f(r.pct[99]) +
        f(r.pct[100]) +
        String(r.non3xx + r.socketErrors).padStart(9) +
        `  ${load()}`,
    );
  }
}
