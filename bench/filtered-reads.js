#!/usr/bin/env node
// `node bench/filtered-reads.js --db <url> [--only <text>] [--runs 3]`: EXPLAIN (ANALYZE, BUFFERS) of the filtered
// reads decision 0008 measures, on a database kept by `npm run bench:analytics -- --keep`, read-only: the SQL the
// built dist's filteredRangeSql / filteredLocalDaySql builds for the account with the most links, 30 days at UTC+5:30
// and all time (performance's totals), each run `--runs` times. Prints the source decision 0008 picks, the min /
// median / max execution ms, the shared blocks of the last run, the sum it counted (the same before and after a
// change of source) and the load average (the machine is shared).
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';
import { numberArg, textArg } from './lib/args.js';

const DIST = new URL('../dist/', import.meta.url);
if (!existsSync(new URL('libs/analytics/src/filters/click-source.js', DIST))) {
  console.error('Build first: npm run build:server');
  process.exit(1);
}
const { filteredRangeSql, filteredLocalDaySql, sourceFor, ALL_TIME_FROM } = await import(
  new URL('libs/analytics/src/filters/click-source.js', DIST).href
);
const { SqlParams } = await import(new URL('libs/analytics/src/sql-params.js', DIST).href);
const url = textArg('db');
if (!url) throw new Error('--db <url>: a database kept by npm run bench:analytics -- --keep');
const only = textArg('only');
const RUNS = numberArg('runs', 3);

const db = new pg.Client({ connectionString: url });
await db.connect();
const [{ owner }] = (await db.query('SELECT owner_id AS owner FROM links GROUP BY 1 ORDER BY count(*) DESC LIMIT 1')).rows;
const scope = { workspaceId: owner, everyWorkspace: false };
const DAY = 86_400_000;
const OFFSET = 330 * 60_000;
const to = new Date(Math.floor((Date.now() + OFFSET) / DAY) * DAY - OFFSET + DAY);
const days30 = { from: new Date(to.getTime() - 30 * DAY), to };
const allTime = { from: ALL_TIME_FROM, to };

const perLink = (range, f) => (p) => `SELECT link_id, sum(clicks) AS n FROM (${filteredRangeSql(range, p, 'link_id', scope, f)}) r GROUP BY link_id`;
const by = (cols, f) => (p) => `SELECT ${cols}, sum(clicks) AS n FROM (${filteredRangeSql(days30, p, cols, scope, f)}) r GROUP BY ${cols}`;
const daily = (f) => (p) => `SELECT d, sum(clicks) AS n FROM (${filteredLocalDaySql({ ...days30, zone: -330 }, p, '', scope, f)}) r GROUP BY d`;
const US = { country: 'US' };
const US_MOBILE = { country: 'US', device: 'mobile' };
const READS = [
  ['per link, 30 days, country=US', perLink(days30, US), 'link_id', US],
  ['per link, all time, country=US', perLink(allTime, US), 'link_id', US],
  ['per link, 30 days, language=de', perLink(days30, { language: 'de' }), 'link_id', { language: 'de' }],
  ['per link, all time, referrer=google.com', perLink(allTime, { referrer: 'google.com' }), 'link_id', { referrer: 'google.com' }],
  ['device breakdown, 30 days, country=US', by('device', US), 'device', US],
  ['language breakdown, 30 days, country=US', by('language', US), 'language', US],
  ['daily chart, 30 days, country=US&device=mobile', daily(US_MOBILE), '', US_MOBILE],
];

console.log(
  `load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ')} before`,
);
for (const [name, sql, columns, filters] of READS) {
  if (only && !name.includes(only)) continue;
  const times = [];
  let blocks = 0;
  for (let i = 0; i < RUNS; i++) {
    const p = new SqlParams();
    const text = sql(p);
    const [
      {
        'QUERY PLAN': [plan],
      },
    ] = (await db.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`, p.values)).rows;
    times.push(plan['Execution Time']);
    blocks = plan.Plan['Shared Hit Blocks'] + plan.Plan['Shared Read Blocks'];
  }
  const p = new SqlParams();
  const [{ n, k }] = (await db.query(`SELECT coalesce(sum(n), 0)::bigint AS n, count(*)::int AS k FROM (${sql(p)}) x`, p.values)).rows;
  times.sort((a, b) => a - b);
  const ms = [times[0], times[Math.floor(times.length / 2)], times.at(-1)].map((t) => t.toFixed(1)).join(' / ');
  console.log(
    `${name.padEnd(48)} ${sourceFor(columns, filters).name.padEnd(20)} ${ms.padStart(22)} ms ${String(blocks).padStart(8)} blocks  ${n} clicks in ${k} rows  load ${loadavg()[0].toFixed(2)}`,
  );
}
await db.end();
