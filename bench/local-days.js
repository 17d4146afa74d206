#!/usr/bin/env node
// `node bench/local-days.js --db <url> [--dist <dir>] [--runs 12] [--explain]`: the unfiltered reads issue 31 measured
// (docs/performance-history.md, "Local days from daily rows"), on a database kept by `npm run bench:analytics --
// --keep`, read-only: the account's 30-day daily summary and geography at UTC+5:30, the admin's every-account
// summary, and Link Analytics' 90-day chart of the second busiest link, as the built dist (or `--dist`, another
// build's dist directory, for a before/after) writes them. Prints the median and max ms of `--runs` runs in one
// connection and the sum each counted (the same for every build); `--explain` prints EXPLAIN (ANALYZE, BUFFERS).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { numberArg, textArg } from './lib/args.js';

const dist = pathToFileURL(`${resolve(textArg('dist') ?? 'dist')}/`);
if (!existsSync(new URL('libs/analytics/src/rollup-range.js', dist))) {
  console.error('Build first: npm run build:server');
  process.exit(1);
}
const { filteredRangeSql, filteredLocalDaySql } = await import(new URL('libs/analytics/src/filters/click-source.js', dist).href);
const { ROLLUPS, localDaySql } = await import(new URL('libs/analytics/src/rollup-range.js', dist).href);
const { SqlParams } = await import(new URL('libs/database/src/index.js', dist).href);

const client = new pg.Client({ connectionString: textArg('db'), options: '-c jit=off' });
await client.connect();
const RUNS = numberArg('runs', 12);
const [{ owner_id: owner }] = (await client.query('SELECT owner_id FROM owner_clicks_daily GROUP BY 1 ORDER BY sum(clicks) DESC LIMIT 1')).rows;
const [{ link_id: link }] = (
  await client.query('SELECT link_id FROM link_clicks_daily WHERE owner_id = $1 GROUP BY 1 ORDER BY sum(clicks) DESC OFFSET 1 LIMIT 1', [owner])
).rows;
const DAY = 86_400_000;
const ZONE = -330; // UTC+05:30, as bench:analytics asks
/** The UTC instant of local midnight `daysAgo` days before today's, at UTC+05:30. */
const localMidnight = (daysAgo) => new Date(Math.floor((Date.now() - ZONE * 60_000) / DAY) * DAY - daysAgo * DAY + ZONE * 60_000);
const mine = { workspaceId: owner, everyWorkspace: false };
const everyone = { workspaceId: owner, everyWorkspace: true };
const days30 = { from: localMidnight(29), to: localMidnight(-1), zone: ZONE };

const READS = {
  'daily summary (30 days)': (p) => `SELECT d, sum(clicks) AS n FROM (${filteredLocalDaySql(days30, p, '', mine, {})}) r GROUP BY d`,
  'admin daily summary (30 days)': (p) => `SELECT d, sum(clicks) AS n FROM (${filteredLocalDaySql(days30, p, '', everyone, {})}) r GROUP BY d`,
  'link chart (90 days)': (p) =>
    `SELECT d, sum(clicks) AS n FROM (${localDaySql(ROLLUPS.linkClicks, { from: localMidnight(89), to: localMidnight(-1), zone: ZONE }, p, '', `link_id = ${p.add(link)}`)}) r GROUP BY d`,
  'geography (30 days)': (p) =>
    `SELECT country_code, region, city, sum(clicks) AS n FROM (${filteredRangeSql(days30, p, 'country_code, country, region, city', mine, {})}) r
      WHERE country_code <> '' GROUP BY 1, 2, 3 HAVING sum(clicks) > 0`,
};

for (const [name, build] of Object.entries(READS)) {
  const p = new SqlParams();
  const sql = build(p);
  if (process.argv.includes('--explain')) {
    const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, p.values);
    console.log(`${name}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n`);
    continue;
  }
  const ms = [];
  let rows = [];
  for (let i = 0; i < RUNS; i++) {
    const t = process.hrtime.bigint();
    rows = (await client.query(sql, p.values)).rows;
    ms.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  ms.sort((a, b) => a - b);
  const sum = rows.reduce((s, r) => s + Number(r.n), 0);
  console.log(
    `${name.padEnd(32)} median ${ms[Math.floor(RUNS / 2)].toFixed(1).padStart(6)} ms  max ${ms[RUNS - 1].toFixed(1).padStart(6)} ms  sum ${sum}`,
  );
}
await client.end();
