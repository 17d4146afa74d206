#!/usr/bin/env node
// npm run bench:ingest-sql [-- --batches 20] [-- --batch 8000] [-- --breakdown]: the Postgres CPU per click of the
// ingest statement alone, over the worker's lanes (--lanes, 2: one backend each, at once), with the same batches every
// run. The click mix is bench:redirect's (request-mix.js: 1,000 links, 40,000 requests from about 14,000 addresses),
// enriched by the real enricher (GeoLite2, ua-parser-js), each batch split over the lanes as the worker splits it. CPU
// is the backends' /proc/<pid>/stat; the first three batches warm the caches and are not counted.
// bench:pipeline and bench:ingest measure the whole system, where two cores are shared by every process and their
// Postgres figure moves by up to 15 µs between runs. This one moves by about ±2 µs, so it can tell whether a change of
// the statement, an index or a table setting pays.
// --breakdown also runs the statement without each family of rollups (each on a fresh database) and prints what each
// family costs: the difference to the whole statement; and, across families, what the per-day tables cost (late
// clicks only since the day roll-up).
// It also prints what the worker spends building the statement's parameters (array literals) for the same batches.
// --setup "SQL" runs after the migrations of every database, to try an index or a table setting (e.g.
// --setup "DROP INDEX clicks_time" or "ALTER TABLE link_geo_15m SET (fillfactor = 70)").
import { randomUUID } from 'node:crypto';
import { createTempEnv } from './lib/temp-env.js';
import { requestMix, seedLinks } from './lib/request-mix.js';
import { numberArg, textArg } from './lib/args.js';
import { uptime } from './lib/system.js';
import { cpuMs } from './lib/cpu-time.js';

const DIST = new URL('../dist/', import.meta.url);
const { createEnricher, ingestClicks, ingestParams, laneOf, parseClickEvent } = await import(new URL('libs/clicks/src/index.js', DIST).href);
const { INGEST_STATEMENT } = await import(new URL('libs/clicks/src/ingest/ingest-statement.js', DIST).href);

const BATCH = numberArg('batch', 8000);
const BATCHES = numberArg('batches', 20);
const WARM_UP = 3;
/** Ingest transactions at once, each over its own share of the links, as the worker's lanes (click-worker.ts). */
const LANES = numberArg('lanes', 2);
const SETUP = textArg('setup');
const LINKS = 1000;

/** The statement without the named rollup CTEs (the insert, `c` and the final SELECT stay). */
function without(ctes) {
  let sql = INGEST_STATEMENT;
  for (const cte of ctes) {
    const inner = new RegExp(`(?<=\\n)${cte} AS \\(\\n.*?\\n\\),\\n`, 's');
    const last = new RegExp(`,\\n${cte} AS \\(\\n.*?\\n\\)(?=\\nSELECT)`, 's');
    const next = sql.replace(inner, '');
    sql = next !== sql ? next : sql.replace(last, '');
    if (sql.includes(`${cte} AS (`)) throw new Error(`rollup ${cte} not found in the ingest statement: update bench/ingest-sql.js`);
  }
  return sql;
}

const FAMILIES = [
  ['ips (and its triggers)', ['u_ips']],
  ['ip_activity (and its triggers)', ['u_ip_activity']],
  ['technology (link_tech_daily, link_tech_15m)', ['u_tech_daily', 'u_tech_15m']],
  ['geography (link_geo_daily, link_geo_15m, owner geography triggers)', ['u_geo_daily', 'u_geo_15m']],
  ['per-link counts (link_stats, link_clicks_daily, link_clicks_15m, owner triggers)', ['u_link_stats', 'u_clicks_daily', 'u_clicks_15m']],
  ['one dimension per owner (owner_dims_15m)', ['u_owner_dims']],
  ['languages per link (link_lang_daily, link_lang_15m)', ['u_lang_daily', 'u_lang_15m']],
  ['pairs of dimensions per owner (owner_pairs_open; owner_pairs_daily for late clicks)', ['u_owner_pairs_open', 'u_owner_pairs']],
  ['click bitmaps per link, open days (link_click_days, link_click_bits)', ['u_link_bits', 'u_bit_days']],
];
/**
 * Not a family: every per-day table at once (across families). Since the DaysRolledUp migration the ingest writes
 * them for late clicks only (days already rolled up), so this is near zero for today's clicks.
 */
const DAILY = [
  'the daily tables (link_clicks_daily, link_tech_daily, link_geo_daily, link_lang_daily, owner_pairs_daily, the geo monthly triggers)',
  ['u_clicks_daily', 'u_tech_daily', 'u_geo_daily', 'u_lang_daily', 'u_owner_pairs'],
];
const ALL_ROLLUPS = FAMILIES.flatMap(([, ctes]) => ctes);

/** The click batches, made once: every variant stores the same clicks (each in its own database, same link ids). */
function makeBatches(linkIds, codes) {
  const idOf = new Map(codes.map((code, i) => [code, linkIds[i]]));
  const mix = requestMix(codes);
  const enricher = createEnricher({});
  // Live traffic: one click a millisecond, ending a minute ago (today's clicks: the per-day tables wait for the day
  // roll-up; a run in the first minutes after midnight UTC would count late clicks too).
  const t0 = Date.now() - BATCHES * BATCH - 60_000;
  const now = new Date();
  const batches = [];
  for (let b = 0; b < BATCHES; b++) {
    const clicks = [];
    for (let i = 0; i < BATCH; i++) {
      const n = b * BATCH + i;
      const r = mix[n % mix.length];
      const parsed = parseClickEvent(
        {
          id: randomUUID(),
          linkId: idOf.get(r.path.slice(3)),
          at: new Date(t0 + n).toISOString(),
          ip: r.headers['X-Forwarded-For'],
          userAgent: r.headers['User-Agent'],
          referer: r.headers.Referer ?? '',
          host: 'localhost',
        },
        now,
      );
      if (!parsed.ok) throw new Error(parsed.reason);
      clicks.push(enricher.enrich(parsed.click));
    }
    batches.push(clicks);
  }
  return batches;
}

/**
 * The worker's side of the statement: µs per click to build its parameters (the 17 array literals) for every batch,
 * five times over. One thread, no I/O: wall time is its CPU time.
 */
function paramsUs(batches) {
  const owner = randomUUID();
  const all = batches.map((clicks) => clicks.map((click) => ({ id: click.id, linkId: click.linkId, ownerId: owner, click })));
  const day = new Date().toISOString().slice(0, 10);
  for (const rows of all.slice(0, WARM_UP)) ingestParams(rows, day);
  let clicks = 0;
  const start = process.hrtime.bigint();
  for (let round = 0; round < 5; round++) {
    for (const rows of all) {
      ingestParams(rows, day);
      clicks += rows.length;
    }
  }
  return Number(process.hrtime.bigint() - start) / 1000 / clicks;
}

/** Backend CPU µs per click of `statement` over the batches, on a fresh database. */
async function run(statement, linkIds, batches) {
  const env = await createTempEnv('ingestsql');
  try {
    if (SETUP) await env.dataSource.query(SETUP);
    await seedLinks(env.dataSource, LINKS, linkIds);
    const lanes = [];
    for (let i = 0; i < LANES; i++) {
      const runner = env.dataSource.createQueryRunner();
      await runner.connect();
      const [{ pid }] = await runner.query('SELECT pg_backend_pid() AS pid');
      // ingestClicks' own transaction on this lane's connection, with the statement swapped for the variant (which
      // takes no day boundary, $19, once every per-day table is left out).
      const fit = (params) => (statement.includes('$19') ? params : params.slice(0, 18));
      const db = {
        transaction: (fn) =>
          runner.manager.transaction((m) =>
            fn(
              new Proxy(m, {
                get: (t, k) => (k === 'query' ? (sql, p) => (sql === INGEST_STATEMENT ? t.query(statement, fit(p)) : t.query(sql, p)) : t[k]),
              }),
            ),
          ),
      };
      lanes.push({ runner, pid, db });
    }
    const lanesCpuMs = () => lanes.reduce((sum, { pid }) => sum + cpuMs(pid), 0);
    let cpu = 0;
    let stored = 0;
    for (let b = 0; b < batches.length; b++) {
      const before = lanesCpuMs();
      const parts = lanes.map(() => []);
      for (const c of batches[b]) parts[laneOf(c.linkId, LANES)].push(c);
      const results = await Promise.all(lanes.map((lane, i) => ingestClicks(lane.db, parts[i])));
      const inserted = results.reduce((sum, r) => sum + r.inserted, 0);
      if (inserted !== batches[b].length) throw new Error(`batch ${b}: ${inserted} of ${batches[b].length} clicks stored`);
      if (b >= WARM_UP) {
        cpu += lanesCpuMs() - before;
        stored += inserted;
      }
    }
    await Promise.all(lanes.map(({ runner }) => runner.release()));
    return (cpu * 1000) / stored;
  } finally {
    await env.cleanup();
  }
}

async function main() {
  console.log(`start: ${uptime()}`);
  console.log(
    `ingest statement: ${BATCHES} batches of ${BATCH} clicks (${WARM_UP} warm-up) over ${LANES} lane(s) (backends) at once, ${LINKS} links, bench:redirect's mix`,
  );
  if (SETUP) console.log(`setup after the migrations: ${SETUP}`);
  const linkIds = Array.from({ length: LINKS }, () => randomUUID());
  const batches = makeBatches(
    linkIds,
    Array.from({ length: LINKS }, (_, i) => `bench${i + 1}`),
  );
  const full = await run(INGEST_STATEMENT, linkIds, batches);
  console.log(`whole statement                       ${full.toFixed(1)} µs of Postgres CPU per click`);
  console.log(`its parameters, built by the worker   ${paramsUs(batches).toFixed(2)} µs of worker CPU per click`);
  if (process.argv.includes('--breakdown')) {
    for (const [name, ctes] of [...FAMILIES, DAILY]) {
      const us = await run(without(ctes), linkIds, batches);
      console.log(`  ${name}: ${(full - us).toFixed(1)} µs (statement without it ${us.toFixed(1)} µs)`);
    }
    const insertOnly = await run(without(ALL_ROLLUPS), linkIds, batches);
    console.log(`  click insert alone (no rollup): ${insertOnly.toFixed(1)} µs`);
  }
  console.log(`end: ${uptime()}`);
}

main().catch((err) => {
  console.error('bench:ingest-sql failed:', err);
  process.exitCode = 1;
});
