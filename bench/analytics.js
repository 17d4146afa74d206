#!/usr/bin/env node
// `npm run bench:analytics [-- --scale 10] [-- --requests 60]`: seeds 1 000 000 × scale clicks over 90 days on 100 links
// of one user (plus 10% noise on 20 other users) through the worker's ingest function, then times every dashboard
// call over HTTP against the real api (built dist code, in-process) and prints p50/p95 per call, each filterable call
// unfiltered, with one filter (a country, a referrer, a language, a tag, a UTM source) and with two (a country and a
// device), with the load average while it ran.
// Target: p95 ≤ 50 ms for each call, ≤ 100 ms filtered; the cost should not grow with the number of clicks (compare
// --scale 1 and 10). `--filters basic` times only unfiltered, country and country + device; `--filters none` only
// unfiltered. `--budget <s>` (default 20): a call stops after this many seconds (at least one timed request), so a
// slow read does not hold the shared machine for minutes; the printed n says how many requests were timed.
// Then, on the seeded database, click-to-socket latency through the built redirector and worker (target p95 ≤ 500 ms).
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { numberArg, textArg } from './lib/args.js';
import { randomIpv4, rng } from './lib/random.js';
import { createTempEnv } from './lib/temp-env.js';
import { measureClickToSocket } from './lib/click-to-socket.js';
import { addressPicker } from './lib/visitors.js';
import { ensureWrk, runWrk } from './lib/wrk.js';
import { timedMixSummary, writeTimedMix } from './lib/wrk-timed-mix.js';
import { dashboardMix } from './lib/dashboard-mix.js';
import { deleteKeysUnder } from './lib/redis-keys.js';
import { reopenYesterday } from './lib/end-of-day.js';

const DIST = new URL('../dist/', import.meta.url);
if (!existsSync(new URL('apps/api/app.js', DIST))) {
  console.error('Build first: npm run build:server');
  process.exit(1);
}
const { createApp } = await import(new URL('apps/api/app.js', DIST).href);
const { loadConfig } = await import(new URL('libs/config/src/index.js', DIST).href);
const { connectPostgres, migrate } = await import(new URL('libs/database/src/index.js', DIST).href);
const { createEnricher, ingestClicks, rollUpClosedDays } = await import(new URL('libs/clicks/src/index.js', DIST).href);
const { hashSessionToken } = await import(new URL('libs/identity/src/index.js', DIST).href);

/**
 * `--wrk <seconds>`: after the Node-timed table, HTTP load from wrk (the Debian package) at `--connections` (default
 * 3: latency, not saturation) through a rotating mix of the dashboard calls as the web app sends them
 * (bench/lib/dashboard-mix.js), printing p50/p95/p99 per kind of call and the load average. `--wrk-only` skips the
 * Node-timed table.
 */
const WRK_SECONDS = numberArg('wrk', 0);
const WRK_ONLY = process.argv.includes('--wrk-only');
const CONNECTIONS = numberArg('connections', 3);

/**
 * `--keep`: leave the seeded database in place (its name is printed); `--db <url>`: time calls on such a kept database;
 * with `--end-of-day`, yesterday reopened first, as just before midnight UTC (bench/lib/end-of-day.js).
 */
const KEEP = process.argv.includes('--keep');
const REUSE_DB = textArg('db');
const SCALE = numberArg('scale', 1);
const CLICKS = Math.round(numberArg('clicks', 1_000_000 * SCALE));
const REQUESTS = numberArg('requests', 60);
/**
 * `--offset <minutes>` (default -330, UTC+05:30): the caller's timezoneOffset. A local midnight less than 20 minutes
 * ahead makes today's part of each range a cut of the open day by its quarters (docs/decisions/0008-filtered-reads.md,
 * "Counts beside the bitmaps"): `--offset midnight` picks the zone whose midnight is the first quarter-hour at least
 * 5 minutes after the calls start (5 to 20 minutes: within the 20 minutes in which today is still cut).
 */
const OFFSET_ARG = textArg('offset') ?? '-330';
function offsetOf(arg) {
  if (arg !== 'midnight') return Number(arg);
  const minute = Math.ceil((Date.now() + 5 * 60_000) / 900_000) * 15 - Math.floor(Date.now() / 86_400_000) * 1440;
  const t = minute % 1440; // local midnight at UTC minute t: offset (UTC minus local) ≡ t, within -840..720
  return t >= 600 ? t - 1440 : t;
}
const LINKS = 100;
const NOISE_USERS = 20;
const NOISE_LINKS = 5;
const DAYS = 90;
const BATCH = 5000;
const PARALLEL = 2;

const rand = rng(7);
const pick = (list) => list[Math.floor(rand() * list.length)];
const IPS = Array.from({ length: 20_000 }, () => randomIpv4(rand));
const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0',
];
const LANGUAGES = ['en-US,en;q=0.9', 'de-DE,de;q=0.9', 'fr-FR', 'es', 'pt-BR', ''];
const REFERERS = [
  '',
  '',
  'https://www.google.com/',
  'https://t.co/x',
  'https://www.facebook.com/',
  'https://news.ycombinator.com/',
  'https://www.reddit.com/r/x',
  'https://linkedin.com/feed',
];

/** Every 4th of the main user's links carries this tag, every 5th these UTM values (the link filters' bench cases). */
const BENCH_TAG = 'bench-tag';
const BENCH_UTM = { source: 'newsletter', medium: 'email', campaign: 'launch' };
/** Tags and UTM on the main links; idempotent, so a database kept by an earlier run (`--db`) gets them too. */
async function labelLinks(db, links) {
  await db.query(
    `UPDATE links l SET tags = CASE WHEN t.i % 4 = 0 THEN ARRAY[$2::text] ELSE l.tags END,
            controls = CASE WHEN t.i % 5 = 0 THEN jsonb_set(coalesce(l.controls, '{}'), '{utm}', $3::jsonb) ELSE l.controls END
       FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, i) WHERE l.id = t.id`,
    [links, BENCH_TAG, JSON.stringify(BENCH_UTM)],
  );
}

/** Where the clicks come from (`--ips realistic|uniform`, default realistic): see bench/lib/visitors.js. */
const IP_MIX = textArg('ips') ?? 'realistic';
if (!['realistic', 'uniform'].includes(IP_MIX)) throw new Error('--ips must be realistic or uniform');

// --db <url>: reuse a database kept by an earlier `--keep` run (migrated to the current schema, not re-seeded).
const env = REUSE_DB
  ? await (async () => {
      const dataSource = await connectPostgres(REUSE_DB, { poolSize: 2, applicationName: 'linkpulse-bench' });
      await migrate(dataSource);
      await dataSource.destroy();
      const { Redis } = await import('ioredis');
      const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
      const prefix = `lpbench-analytics-${randomUUID().slice(0, 8)}`;
      return {
        databaseUrl: REUSE_DB,
        redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        prefix,
        redis,
        // The api's queues and the click-to-socket run left keys under this run's prefix.
        cleanup: async () => {
          await deleteKeysUnder(redis, prefix);
          redis.disconnect();
        },
      };
    })()
  : await createTempEnv('analytics');
const db = await connectPostgres(env.databaseUrl, { poolSize: 10, applicationName: 'linkpulse-bench-api' });
let app;
let seedRate = null;
try {
  const session = async (id) => {
    // The user's personal workspace (its id is the user's, migration Workspaces), as sign-up projects it.
    await db.query(
      `INSERT INTO workspaces (id, name, slug, is_personal, created_at) VALUES ($1, 'Personal', 'personal', true, now()) ON CONFLICT DO NOTHING`,
      [id],
    );
    await db.query(`INSERT INTO workspace_members (workspace_id, user_id, role, joined_at) VALUES ($1, $1, 'owner', now()) ON CONFLICT DO NOTHING`, [
      id,
    ]);
    const token = randomUUID() + randomUUID();
    await db.query(`INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [hashSessionToken(token), id]);
    return { id, token };
  };
  let main;
  let admin;
  let mainLinks;
  let total;
  let start;
  let end;
  if (REUSE_DB) {
    const ids = Object.fromEntries(
      (await db.query(`SELECT username, id FROM users WHERE username IN ('bench-main', 'bench-admin')`)).map((r) => [r.username, r.id]),
    );
    main = await session(ids['bench-main']);
    admin = await session(ids['bench-admin']);
    mainLinks = (await db.query(`SELECT id FROM links WHERE owner_id = $1 ORDER BY short_code`, [main.id])).map((r) => r.id);
    // The 15-minute rows hold every day (the days not rolled up only there).
    const [span] = await db.query(`SELECT sum(clicks) AS total, max(bucket) AS last FROM owner_clicks_15m`);
    total = Number(span.total);
    end = new Date(span.last).getTime() + 15 * 60_000 - 60_000;
    start = end - DAYS * 86_400_000;
    console.log(`reusing ${REUSE_DB}: ${total.toLocaleString('en')} clicks (not re-seeded; the recent days age as time passes)`);
    if (process.argv.includes('--end-of-day')) {
      const { reopened, openLinkPlaceRows } = await reopenYesterday(db);
      console.log(`--end-of-day: ${reopened} is open again (${openLinkPlaceRows.toLocaleString('en')} 15-minute place rows of links to sum)`);
    }
  } else {
    // Users, sessions and links straight into the read models (the bench is about clicks, not sign-up).
    const user = async (name, isAdmin) => {
      const id = randomUUID();
      await db.query(`INSERT INTO users (id, username, password_hash, is_admin, is_approved, created_at) VALUES ($1, $2, 'x', $3, true, now())`, [
        id,
        name,
        isAdmin,
      ]);
      return session(id);
    };
    main = await user('bench-main', false);
    admin = await user('bench-admin', true);
    const addLinks = async (owner, n) => {
      const ids = Array.from({ length: n }, () => randomUUID());
      await db.query(
        `INSERT INTO links (id, owner_id, name, short_code, original_url, created_at, updated_at)
       SELECT id, $2, 'Link ' || i, 'b' || replace(id::text, '-', ''), 'https://example.com/' || i, now() - interval '91 days', now()
         FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, i)`,
        [ids, owner],
      );
      return ids;
    };
    mainLinks = await addLinks(main.id, LINKS);
    mainLinks.sort((a, b) => a.replaceAll('-', '').localeCompare(b.replaceAll('-', '')));
    const noiseLinks = [];
    for (let u = 0; u < NOISE_USERS; u++) noiseLinks.push(...(await addLinks((await user(`noise-${u}`, false)).id, NOISE_LINKS)));

    // Seed through the worker's ingest path, chronologically, in big batches, as a system running for the 90 days
    // wrote them (decision 0007): each day's clicks into the 15-minute tables, then the day rolled up once it has
    // closed. Without the day roll-ups every back-dated click would be a late click, rewriting its per-day rows (and
    // owner_geo_monthly's month row) batch after batch, which a running system does only for a midnight's stragglers.
    const enricher = createEnricher({});
    const pickIp = addressPicker(rand, { mode: IP_MIX, tail: IPS });
    total = CLICKS + Math.round(CLICKS / 10);
    end = Date.now() - 60_000;
    start = end - DAYS * 86_400_000;
    const batches = Math.ceil(total / BATCH);
    const dayOf = (ms) => new Date(ms).toISOString().slice(0, 10);
    const batchStart = (b) => start + ((end - start) * b) / batches;
    await db.query('UPDATE rollup_days SET rolled_before = $1::date', [dayOf(start)]);
    const seedStarted = Date.now();
    let done = 0;
    let next = 0;
    // One wave per UTC day: the batches starting that day, PARALLEL at a time; then the closed days are rolled up.
    let waveEnd = 0;
    const worker = async () => {
      while (next < waveEnd) {
        const b = next++;
        const n = Math.min(BATCH, total - b * BATCH);
        const sliceStart = batchStart(b);
        const slice = (end - start) / batches;
        const clicks = [];
        for (let i = 0; i < n; i++) {
          const noise = rand() < 1 / 11;
          clicks.push(
            enricher.enrich({
              id: randomUUID(),
              linkId: noise ? pick(noiseLinks) : pick(mainLinks),
              at: new Date(sliceStart + rand() * slice).toISOString(),
              ip: pickIp(),
              userAgent: pick(AGENTS),
              referer: pick(REFERERS),
              host: 'localhost:8080',
              acceptLanguage: pick(LANGUAGES),
            }),
          );
        }
        await ingestClicks(db, clicks);
        done += n;
        if (b % 40 === 0) process.stdout.write(`\rseeded ${done.toLocaleString('en')} / ${total.toLocaleString('en')} clicks`);
      }
    };
    while (waveEnd < batches) {
      const day = dayOf(batchStart(waveEnd));
      while (waveEnd < batches && dayOf(batchStart(waveEnd)) === day) waveEnd++;
      await Promise.all(Array.from({ length: PARALLEL }, worker));
      if (waveEnd < batches) await rollUpClosedDays(db, dayOf(batchStart(waveEnd)));
    }
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    seedRate = Math.round(total / seedSeconds);
    console.log(
      `\rseeded ${total.toLocaleString('en')} clicks (${IP_MIX} IP mix) in ${seedSeconds.toFixed(0)} s (${seedRate.toLocaleString('en')} clicks/s through ingestClicks, ${PARALLEL} in parallel)`,
    );
    await db.query('VACUUM ANALYZE');
  }
  await labelLinks(db, mainLinks);
  // The statistics the planner reads, as autovacuum would have left them after the tags, the UTM and the reopened day
  // were written (it may be off on a CI machine's Postgres: its rows then stay as the last ANALYZE saw them, and the
  // links carrying the bench's tag were estimated at 2 of 25).
  const analyzeStarted = Date.now();
  await db.query('ANALYZE');
  console.log(`ANALYZE in ${((Date.now() - analyzeStarted) / 1000).toFixed(1)} s`);
  const sizes = await db.query(
    `SELECT relname AS table, n_live_tup AS rows FROM pg_stat_user_tables
      WHERE relname ~ '^(clicks|link_clicks|link_geo|owner_|ip_activity|ips$)' ORDER BY relname`,
  );
  console.log(sizes.map((s) => `${s.table}=${Number(s.rows).toLocaleString('en')}`).join('  '));

  const config = loadConfig({
    ...process.env,
    DATABASE_URL: env.databaseUrl,
    REDIS_URL: env.redisUrl,
    REDIS_PREFIX: env.prefix,
    LOG_LEVEL: 'error',
    ADMIN_USERNAME: 'bench-admin',
    WEB_DIST: '/nonexistent',
  });
  app = await createApp(config, db, env.redis.duplicate());
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${app.getHttpServer().address().port}`;

  const OFFSET = offsetOf(OFFSET_ARG);
  const calls = [
    ['stats', `/api/analytics/stats?timezoneOffset=${OFFSET}`, main],
    ['trends (30 days)', `/api/analytics/trends?timezoneOffset=${OFFSET}`, main],
    ['daily-summary (30 days)', `/api/analytics/daily-summary?timezoneOffset=${OFFSET}`, main],
    ['daily-summary (offset 0)', '/api/analytics/daily-summary?timezoneOffset=0', main],
    ['performance (30 days)', `/api/analytics/performance?timezoneOffset=${OFFSET}`, main],
    ['geographic (30 days)', `/api/analytics/geographic?timezoneOffset=${OFFSET}`, main],
    ['recent-ip-activity (7 days)', '/api/analytics/recent-ip-activity?days=7&page=1&limit=10', main],
    ['recent-ip-activity (30 days, p5)', '/api/analytics/recent-ip-activity?days=30&page=5&limit=10', main],
    ['link analytics (7 days)', `/api/links/${mainLinks[0]}/analytics?timezoneOffset=${OFFSET}`, main],
    [
      'link analytics (90 days)',
      `/api/links/${mainLinks[1]}/analytics?timezoneOffset=${OFFSET}&startDate=${new Date(start).toISOString()}&endDate=${new Date(end).toISOString()}`,
      main,
    ],
    ['admin ip-summary', `/api/admin/ip-summary?timezoneOffset=${OFFSET}`, admin],
    ['admin daily-summary (all users)', `/api/analytics/daily-summary?timezoneOffset=${OFFSET}`, admin],
    ['export csv (30 days)', `/api/export/csv?timezoneOffset=${OFFSET}`, main],
  ];
  // Issue 33: every call unfiltered, with one filter and with two (decision 0008 says which source answers each).
  const FILTER_SETS = {
    none: [['', '']],
    basic: [
      ['', ''],
      [' [1 filter: country]', 'country=US'],
      [' [2 filters: country+device]', 'country=US&device=mobile'],
    ],
  };
  FILTER_SETS.all = [
    ...FILTER_SETS.basic,
    [' [1 filter: referrer]', 'referrer=google.com'],
    [' [1 filter: language]', 'language=de'],
    [' [1 filter: tag]', `tag=${BENCH_TAG}`],
    [' [1 filter: utmSource]', `utmSource=${BENCH_UTM.source}`],
  ];
  const FILTERS = FILTER_SETS[textArg('filters') ?? 'all'];
  if (!FILTERS) throw new Error('--filters must be all, basic or none');
  const BUDGET_MS = numberArg('budget', 20) * 1000;
  const filterable = (path) =>
    /\/api\/(analytics\/(stats|trends|daily-summary|performance|geographic|breakdown)|links\/[^/]+\/analytics|export\/)/.test(path);
  const breakdowns = ['country', 'device', 'language', 'link'].map((d) => [
    `breakdown ${d} (30 days)`,
    `/api/analytics/breakdown?dimension=${d}&timezoneOffset=${OFFSET}`,
    main,
  ]);
  const only = textArg('only');
  const expanded = [...calls, ...breakdowns]
    .filter(([name]) => !only || name.includes(only))
    .flatMap(([name, path, who]) =>
      filterable(path) && !name.startsWith('admin') ? FILTERS.map(([tag, f]) => [name + tag, f ? `${path}&${f}` : path, who]) : [[name, path, who]],
    );
  const rows = [];
  const loadBefore = loadavg();
  for (const [name, path, who] of WRK_ONLY ? [] : expanded) {
    const times = [];
    const began = performance.now();
    // 5 warm-up requests, fewer for a read slower than a second; then REQUESTS timed ones within the budget.
    for (let i = 0, warm = 5; i < REQUESTS + warm; i++) {
      const t0 = performance.now();
      const res = await fetch(base + path, { headers: { authorization: `Bearer ${who.token}` } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${name}: HTTP ${res.status}`);
      const ms = performance.now() - t0;
      if (i < warm) {
        if (ms > 1000) warm = i + 1;
        continue;
      }
      times.push(ms);
      if (performance.now() - began > BUDGET_MS) break;
    }
    times.sort((a, b) => a - b);
    const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
    rows.push({ call: name, n: times.length, p50: q(0.5), p95: q(0.95), load1: loadavg()[0] });
  }
  const loadAfter = loadavg();
  const fmtLoad = (l) => l.map((x) => x.toFixed(2)).join(' / ');
  console.log(
    `\nanalytics at ${total.toLocaleString('en')} clicks (scale ${SCALE}), up to ${REQUESTS} requests each, timezoneOffset ${OFFSET} unless noted`,
  );
  console.log(`load average (1 / 5 / 15 min) ${fmtLoad(loadBefore)} before the calls, ${fmtLoad(loadAfter)} after (the machine is shared)`);
  console.log(
    'call'.padEnd(62) +
      'n'.padStart(4) +
      'p50 ms'.padStart(10) +
      'p95 ms'.padStart(10) +
      'load'.padStart(7) +
      '  target p95 ≤ 50 ms, ≤ 100 ms filtered',
  );
  for (const r of rows) {
    const target = r.call.includes('filter') ? 100 : 50;
    console.log(
      r.call.padEnd(62) +
        String(r.n).padStart(4) +
        r.p50.toFixed(1).padStart(10) +
        r.p95.toFixed(1).padStart(10) +
        r.load1.toFixed(1).padStart(7) +
        (r.p95 <= target ? '  ok' : '  SLOW'),
    );
  }

  const wrkRows = WRK_SECONDS > 0 ? await wrkMix(base, main, mainLinks) : [];

  if (REUSE_DB && process.argv.includes('--end-of-day')) {
    // Yesterday is open again: the worker started for click-to-socket would roll it up first, every ingest waiting on
    // the day roll-up's lock meanwhile. That stall happens once a day just after midnight UTC; timed here on its own.
    const t0 = performance.now();
    const { days } = await rollUpClosedDays(db);
    console.log(
      `\nday roll-up of the reopened day (${days} day, ingests wait on its lock meanwhile): ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  }
  const codes = await db.query(`SELECT id, short_code AS code FROM links WHERE owner_id = $1 ORDER BY short_code LIMIT 10`, [main.id]);
  const live = await measureClickToSocket({ env, apiBase: base, token: main.token, links: codes });
  console.log(
    `\nclick-to-socket (redirect → owner's /live event, ${live.samples} clicks): p50 ${live.p50.toFixed(0)} ms, p95 ${live.p95.toFixed(0)} ms, max ${live.max.toFixed(0)} ms` +
      (live.p95 <= 500 ? '  ok (target p95 ≤ 500 ms)' : '  SLOW (target p95 ≤ 500 ms)'),
  );
  const liveMs = { p50: +live.p50.toFixed(0), p95: +live.p95.toFixed(0), max: +live.max.toFixed(0) };
  console.log(
    JSON.stringify({
      bench: 'analytics',
      clicks: total,
      scale: SCALE,
      ipMix: REUSE_DB ? 'reused' : IP_MIX,
      seedClicksPerSecond: seedRate,
      loadAverage: { before: loadBefore.map((x) => +x.toFixed(2)), after: loadAfter.map((x) => +x.toFixed(2)) },
      results: rows.map((r) => ({ ...r, p50: +r.p50.toFixed(1), p95: +r.p95.toFixed(1), load1: +r.load1.toFixed(2) })),
      wrk: wrkRows,
      clickToSocketMs: liveMs,
    }),
  );
} finally {
  await app?.close().catch(() => undefined);
  if (db.isInitialized) await db.destroy().catch(() => undefined);
  if (KEEP && !REUSE_DB) {
    console.log(`kept the database: npm run bench:analytics -- --db ${env.databaseUrl}`);
    env.redis.disconnect();
    await env.dataSource.destroy();
  } else await env.cleanup();
}

/** The wrk mode (`--wrk <seconds>`): 5 s of warm-up, then the timed run; prints and returns one row per kind of call. */
async function wrkMix(base, who, links) {
  const wrk = ensureWrk();
  const { script, kinds } = writeTimedMix(dashboardMix({ token: who.token, links, workspaceId: who.id }));
  const opts = { url: base, script, connections: CONNECTIONS, threads: CONNECTIONS, scriptArgs: [CONNECTIONS] };
  await runWrk(wrk, { ...opts, seconds: 5 });
  const load0 = loadavg();
  const run = await runWrk(wrk, { ...opts, seconds: WRK_SECONDS });
  const load1 = loadavg();
  const kindRows = timedMixSummary(run.output, kinds);
  const fmt = (l) => l.map((x) => x.toFixed(2)).join(' / ');
  console.log(
    `\nwrk -t${CONNECTIONS} -c${CONNECTIONS} -d${WRK_SECONDS}s, mix of unfiltered dashboard calls (bench/lib/dashboard-mix.js): ` +
      `${run.total} requests, ${run.rps.toFixed(1)} req/s, all calls p50 ${run.p50.toFixed(1)} ms p99 ${run.p99.toFixed(1)} ms, non-2xx ${run.non3xx}, socket errors ${run.socketErrors}`,
  );
  console.log(`load average (1 / 5 / 15 min) ${fmt(load0)} before, ${fmt(load1)} after (the machine is shared)`);
  console.log(
    'call kind'.padEnd(28) + 'n'.padStart(6) + 'p50 ms'.padStart(10) + 'p95 ms'.padStart(10) + 'p99 ms'.padStart(10) + '  target p95 ≤ 50 ms',
  );
  for (const r of kindRows) {
    console.log(
      r.kind.padEnd(28) +
        String(r.n).padStart(6) +
        r.p50.toFixed(1).padStart(10) +
        r.p95.toFixed(1).padStart(10) +
        r.p99.toFixed(1).padStart(10) +
        (r.errors ? `  ${r.errors} not 200` : r.p95 <= 50 ? '  ok' : '  SLOW'),
    );
  }
  return kindRows.map((r) => ({ ...r, p50: +r.p50.toFixed(1), p95: +r.p95.toFixed(1), p99: +r.p99.toFixed(1), load1: +load1[0].toFixed(2) }));
}
