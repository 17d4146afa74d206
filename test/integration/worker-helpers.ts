import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import {
  CLICK_LOG,
  clickIdOf,
  CompactBatchWriter,
  createEnricher,
  ROLLUP_TABLES,
  rollupTables,
  type CompactClickBatch,
  type EnrichedClick,
} from '@app/clicks';
import type { ClickEvent } from '@app/contracts';

export const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
export const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
export const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
export const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0';

/** Inserts link read-model rows directly (the worker only needs id → owner). */
export async function insertLinks(ds: DataSource, count: number, ownerId: string = randomUUID()): Promise<{ id: string; ownerId: string }[]> {
  const links = Array.from({ length: count }, () => ({ id: randomUUID(), ownerId }));
  await ds.query(
    `INSERT INTO links (id, owner_id, name, short_code, original_url, created_at, updated_at)
     SELECT id, owner_id, 'Link ' || n, 'code' || n || substr(md5(id::text), 1, 6), 'https://example.com/' || n, now(), now()
     FROM unnest($1::uuid[], $2::uuid[]) WITH ORDINALITY AS x(id, owner_id, n)`,
    [links.map((l) => l.id), links.map((l) => l.ownerId)],
  );
  return links;
}

export const clickEvent = (linkId: string, over: Partial<ClickEvent> = {}): ClickEvent => ({
  id: randomUUID(),
  linkId,
  at: new Date().toISOString(),
  ip: '81.2.69.160',
  userAgent: CHROME_WINDOWS,
  referer: '',
  host: 'localhost:8080',
  ...over,
});

/**
 * A job of queue `clicks` as the redirector queues it (the compact encoding), and the ids the worker will give its
 * clicks: ids come from the batch id (click i: `clickIdOf(batchId, i)`), not from the events' own `id`. The same
 * batch id twice is a re-delivery.
 */
export function clickBatch(clicks: Omit<ClickEvent, 'id'>[], batchId: string = randomUUID()): { job: CompactClickBatch; ids: string[] } {
  const w = new CompactBatchWriter();
  for (const c of clicks)
    w.add(c.linkId, Date.parse(c.at), c.ip, c.userAgent, c.referer, c.host, c.qr === true, c.variant ?? -1, c.acceptLanguage ?? '');
  return { job: w.finish(batchId), ids: clicks.map((_, i) => clickIdOf(batchId, i)) };
}

/** `count` clicks spread over links, IPs and agents (people only: bot clicks are counted nowhere, see worker-ingest). */
export function manyClicks(links: { id: string }[], count: number, base = Date.parse('2025-03-01T00:00:00Z')): ClickEvent[] {
  const agents = [CHROME_WINDOWS, IPHONE, FIREFOX_MAC, ''];
  return Array.from({ length: count }, (_, i) =>
    clickEvent(links[i % links.length].id, {
      at: new Date(base + i * 7_000).toISOString(),
      ip: `81.2.${(i * 7) % 256}.${i % 97}`,
      userAgent: agents[i % agents.length],
      referer: i % 3 === 0 ? '' : `https://site${i % 5}.example/page`,
    }),
  );
}

const enricher = createEnricher();

const LANGUAGES = ['de-DE,de;q=0.9', 'en-US', '', 'fr'];

/** `count` enriched clicks on the links, one every 97 minutes from `from`: they cross days and months. */
export const clicksEvery97Minutes = (links: { id: string }[], count: number, from: string): EnrichedClick[] =>
  manyClicks(links, count).map((c, i) =>
    enricher.enrich({ ...c, at: new Date(Date.parse(from) + i * 97 * 60_000).toISOString(), acceptLanguage: LANGUAGES[(i % 7) % 4] }),
  );

/** The tables with one or more rows per click of a link (raw clicks and the per-link rollups), keyed by link_id and owner_id. */
export const LINK_CLICK_TABLES: string[] = [CLICK_LOG, ...rollupTables('link')];

/** Empties the click log and every rollup the manifest lists (a test starting from no clicks at all). */
export const TRUNCATE_CLICK_DATA = `TRUNCATE ${[CLICK_LOG, ...Object.keys(ROLLUP_TABLES)].join(', ')}`;

/** SQL: the clicks of a per-day family as the reads see them, the per-day rows plus the days not rolled up yet. */
const perDay = (daily: string, quarter: string) => `(SELECT coalesce(sum(clicks), 0)::int FROM ${daily})
    + (SELECT coalesce(sum(clicks), 0)::int FROM ${quarter}
        WHERE bucket >= (SELECT rolled_before FROM rollup_days)::timestamp AT TIME ZONE 'UTC')`;

/** The clicks link_click_bits holds for one dimension, every day (each click is in one bitmap per dimension). */
const bitsOf = (dimension: string) => `(SELECT coalesce(sum(bit_count(bits)), 0)::int FROM link_click_bits WHERE dimension = '${dimension}')`;

/**
 * Row counts and sums that must match the clicks really sent. The per-day sums include the days not rolled up yet
 * (migration DaysRolledUp: today's clicks are in the 15-minute tables only until the day roll-up).
 */
export async function totals(ds: DataSource) {
  const [row] = await ds.query(`SELECT
    (SELECT count(*)::int FROM clicks) AS clicks,
    (SELECT coalesce(sum(click_count), 0)::int FROM link_stats) AS link_stats,
    (SELECT coalesce(sum(clicks), 0)::int FROM link_clicks_15m) AS per15m,
    ${perDay('link_clicks_daily', 'link_clicks_15m')} AS daily,
    (SELECT coalesce(sum(clicks), 0)::int FROM link_geo_15m) AS geo15m,
    ${perDay('link_geo_daily', 'link_geo_15m')} AS geo_daily,
    (SELECT coalesce(sum(clicks), 0)::int FROM link_tech_15m) AS tech15m,
    ${perDay('link_tech_daily', 'link_tech_15m')} AS tech_daily,
    ${bitsOf('device')} AS device_bits,
    ${bitsOf('language')} AS language_bits,
    (SELECT coalesce(sum(click_count), 0)::int FROM ip_activity) AS ip_activity,
    (SELECT coalesce(sum(click_count), 0)::int FROM ips) AS ips`);
  return row as Record<string, number>;
}

/** What `totals` must show after exactly n clicks. */
export const expectedTotals = (n: number) => ({
  clicks: n,
  link_stats: n,
  per15m: n,
  daily: n,
  geo15m: n,
  geo_daily: n,
  tech15m: n,
  tech_daily: n,
  device_bits: n,
  language_bits: n,
  ip_activity: n,
  ips: n,
});

export async function waitFor<T>(probe: () => Promise<T>, done: (v: T) => boolean, timeoutMs: number, what: string): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * For tests that migrate below DaysRolledUp and ingest there: today's ingest reads `rollup_days`, which that schema
 * lacks. This stand-in (rolled_before 'infinity') makes it write every day into the per-day tables, as the ingest of
 * that schema did. It also stands in for what later migrations added that today's ingest writes: ClickLanguage's
 * `clicks.language` column, OwnerDimensions' owner_dims_15m, LinkLanguages' link_lang_15m / link_lang_daily, the
 * pairs of OwnerPairs and OwnerPairsOpenDays (keyed with OwnerPlacePairs' region and city), with their two functions, and LinkClickBits' two tables (same keys, so
 * the ingest's upserts find their conflict targets) with build_link_click_bits as a no-op (with rolled_before
 * 'infinity' every click is late: the ingest rebuilds its link-days' bitmaps, which that schema has not). Drop it (DROP_DAYS_ROLLED_UP_STAND_IN) before migrating
 * up again.
 */
export const DAYS_ROLLED_UP_STAND_IN = `CREATE TABLE rollup_days (rolled_before date NOT NULL); INSERT INTO rollup_days VALUES ('infinity');
  ALTER TABLE clicks ADD COLUMN language text;
  CREATE TABLE owner_dims_15m (owner_id uuid, dimension text, value text, bucket timestamptz, clicks bigint,
    PRIMARY KEY (owner_id, dimension, value, bucket));
  CREATE TABLE link_lang_15m (link_id uuid, owner_id uuid, bucket timestamptz, language text, clicks bigint,
    PRIMARY KEY (link_id, bucket, language));
  CREATE TABLE link_lang_daily (link_id uuid, owner_id uuid, day date, language text, clicks bigint,
    PRIMARY KEY (link_id, day, language));
  CREATE TABLE link_click_days (link_id uuid, day date, owner_id uuid, clicks int, quarters int[], PRIMARY KEY (link_id, day));
  CREATE TABLE link_click_bits (link_id uuid, dimension text, value text, day date, country text, bits varbit,
    PRIMARY KEY (link_id, dimension, value, day));
  CREATE TABLE owner_pairs_daily (owner_id uuid, pair text, value_a text, value_b text, region text, city text, day date,
    country text, clicks bigint, quarters int[], PRIMARY KEY (owner_id, pair, value_a, value_b, day, region, city));
  CREATE TABLE owner_pairs_open (owner_id uuid, pair text, value_a text, value_b text, region text, city text,
    bucket timestamptz, country text, clicks bigint, PRIMARY KEY (owner_id, pair, value_a, value_b, bucket, region, city));
  CREATE FUNCTION cumulative_quarters(q int[], n bigint[]) RETURNS int[] LANGUAGE sql AS
    'SELECT array_agg((SELECT coalesce(sum(x.n), 0) FROM unnest(q, n) AS x(q, n) WHERE x.q <= i)::int ORDER BY i) FROM generate_series(0, 95) i';
  CREATE FUNCTION add_quarters(a int[], b int[]) RETURNS int[] LANGUAGE sql AS
    'SELECT array_agg(x + y ORDER BY i) FROM unnest(a, b) WITH ORDINALITY AS t(x, y, i)';
  CREATE FUNCTION build_link_click_bits(from_day date, to_day date, links uuid[]) RETURNS void LANGUAGE sql AS 'SELECT'`;
export const DROP_DAYS_ROLLED_UP_STAND_IN = `DROP TABLE rollup_days, owner_dims_15m, link_lang_15m, link_lang_daily, link_click_days, link_click_bits,
  owner_pairs_daily, owner_pairs_open;
  DROP FUNCTION cumulative_quarters(int[], bigint[]), add_quarters(int[], int[]), build_link_click_bits(date, date, uuid[]);
  ALTER TABLE clicks DROP COLUMN language`;

/**
 * SQL counting where a monthly cumulative table (`table`, keyed by `keys` and `month`) differs from its per-day
 * `source` (a relation with those keys, `day` and `clicks`): each `cum[d]` must be the clicks of its key on days 1..d
 * of its month, and each key and month of the source must have its row. 0 when its triggers kept up.
 */
function monthlyMismatchesSql(table: string, keys: string[], source: string): string {
  const m = keys.map((k) => `m.${k}`).join(', ');
  const s = keys.map((k) => `s.${k}`).join(', ');
  return `SELECT count(*)::int AS n FROM (
    (SELECT ${m}, m.month, d.dom, m.cum[d.dom]::bigint AS n FROM ${table} m CROSS JOIN generate_series(1, 31) AS d(dom))
    EXCEPT
    (SELECT ${m}, m.month, d.dom,
            (SELECT coalesce(sum(s.clicks), 0)::bigint FROM ${source} s
              WHERE (${s}) = (${m}) AND s.day >= m.month AND s.day < least(m.month + d.dom, (m.month + interval '1 month')::date))
       FROM ${table} m CROSS JOIN generate_series(1, 31) AS d(dom))
    UNION ALL
    (SELECT DISTINCT ${keys.join(', ')}, date_trunc('month', day)::date, 0, 0::bigint FROM ${source} s
     EXCEPT SELECT ${keys.join(', ')}, month, 0, 0::bigint FROM ${table})) d`;
}

/** Where a monthly geography (owner_geo_monthly per owner_id, link_geo_monthly per link_id) differs from link_geo_daily. */
export const monthlyGeoMismatchesSql = (table: string, key: 'owner_id' | 'link_id') =>
  monthlyMismatchesSql(table, [key, 'country_code', 'region', 'city'], 'link_geo_daily');

/**
 * Where link_dims_monthly differs from link_click_bits' closed rows (their `clicks`, built from the clicks
 * themselves).
 */
export const LINK_DIMS_MISMATCHES_SQL = monthlyMismatchesSql(
  'link_dims_monthly',
  ['link_id', 'dimension', 'value'],
  '(SELECT link_id, dimension, value, day, clicks FROM link_click_bits WHERE clicks IS NOT NULL AND clicks <> 0)',
);

const MONTH_OF = `date_trunc('month', clicked_at AT TIME ZONE 'UTC')::date`;
const MONTH_DIMENSIONS = ['country_code', 'device', 'browser', 'os', 'referrer', 'language'];

/**
 * The rows of link_click_months and link_click_month_bits that differ from the closed days' clicks themselves (the
 * non-bot clicks before rolled_before): per link and UTC month, cum[d] the clicks of days 1..d; per value of each
 * dimension the bitmap of the ordinals of its clicks in (clicked_at, id) order, compared without trailing zeros (a
 * value's month bitmap ends with the last day it has a click on). Each row says which side it is on; [] when equal.
 */
export const LINK_MONTHS_MISMATCHES_SQL = `
  WITH c AS MATERIALIZED (
    SELECT link_id, ${MONTH_OF} AS month, extract(day FROM clicked_at AT TIME ZONE 'UTC')::int AS dom,
           (row_number() OVER (PARTITION BY link_id, ${MONTH_OF} ORDER BY clicked_at, id) - 1)::int AS o,
           ${MONTH_DIMENSIONS.map((d) => `coalesce(${d}, '') AS ${d}`).join(', ')}
      FROM clicks WHERE NOT is_bot AND clicked_at < (SELECT rolled_before FROM rollup_days)::timestamp AT TIME ZONE 'UTC'
  ),
  cum AS (
    SELECT link_id, month, array_agg(running ORDER BY dom)::text AS v
      FROM (SELECT k.link_id, k.month, g.dom, (sum(count(c.o)) OVER (PARTITION BY k.link_id, k.month ORDER BY g.dom))::int AS running
              FROM (SELECT DISTINCT link_id, month FROM c) k CROSS JOIN generate_series(1, 31) AS g(dom)
              LEFT JOIN c ON c.link_id = k.link_id AND c.month = k.month AND c.dom = g.dom
             GROUP BY k.link_id, k.month, g.dom) r
     GROUP BY 1, 2
  ),
  bits AS (
    SELECT link_id, month, dimension, value, string_agg(repeat('0', o - prev - 1) || '1', '' ORDER BY o) AS v
      FROM (SELECT c.link_id, c.month, c.o, x.dimension, x.value,
                   lag(c.o, 1, -1) OVER (PARTITION BY c.link_id, c.month, x.dimension, x.value ORDER BY c.o) AS prev
              FROM c CROSS JOIN LATERAL (VALUES ${MONTH_DIMENSIONS.map((d) => `('${d}', ${d})`).join(', ')}) AS x(dimension, value)) y
     GROUP BY 1, 2, 3, 4
  ),
  stored AS (
    SELECT link_id, month, '' AS dimension, '' AS value, cum::text AS v FROM link_click_months
    UNION ALL SELECT link_id, month, dimension, value, rtrim(bits::text, '0') FROM link_click_month_bits
  ),
  expected AS (SELECT link_id, month, '' AS dimension, '' AS value, v FROM cum UNION ALL SELECT * FROM bits)
  SELECT 'stored' AS side, * FROM (SELECT * FROM stored EXCEPT SELECT * FROM expected) s
  UNION ALL SELECT 'expected', * FROM (SELECT * FROM expected EXCEPT SELECT * FROM stored) e
  ORDER BY 2, 3, 4, 5, 1`;
