import type { MigrationInterface, QueryRunner } from 'typeorm';
import { dropRollupTriggersSql, rollupTriggersSql } from './rollup-triggers.js';

const KEY = 'link_id, dimension, value, month';
const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);
/** The element-wise sum of two 31-day `cum` arrays, written out (as LinkGeoMonthly adds them). */
const ADD_ARRAYS = `ARRAY[${DAYS.map((d) => `t.cum[${d}] + EXCLUDED.cum[${d}]`).join(', ')}]`;

/**
 * Upsert into link_dims_monthly of the deltas `rows` (link_id, owner_id, day, dimension, value, country, clicks): per
 * link, dimension, value and month, each day's delta added to that day and every later one of the month.
 */
const upsert = (rows: string) => `
  INSERT INTO link_dims_monthly AS t (${KEY}, owner_id, country, cum)
  SELECT link_id, dimension, value, month, owner_id, max(country),
         array_cat_agg(CASE WHEN rn = 1 THEN array_fill(0, ARRAY[dom - 1]) ELSE '{}'::int[] END
                       || array_fill(running, ARRAY[nxt - dom]) ORDER BY dom)
    FROM (
      SELECT s.*, (sum(n) OVER k)::int AS running, lead(dom, 1, 32) OVER k AS nxt, row_number() OVER k AS rn
        FROM (
          SELECT link_id, owner_id, dimension, value, date_trunc('month', day)::date AS month, extract(day FROM day)::int AS dom,
                 max(country) AS country, sum(clicks)::int AS n
            FROM (${rows}) d GROUP BY 1, 2, 3, 4, 5, 6
        ) s
      WINDOW k AS (PARTITION BY ${KEY} ORDER BY dom)
    ) w
   GROUP BY ${KEY}, owner_id
  HAVING bool_or(n <> 0)
   ORDER BY ${KEY}
  ON CONFLICT (${KEY}) DO UPDATE SET cum = ${ADD_ARRAYS}, country = EXCLUDED.country;`;

/**
 * The per-day tables' rows (`rows`: new_rows, old_rows or the table itself) as (link_id, owner_id, day, dimension,
 * value, country, clicks), one per dimension a row counts, spelled as link_click_bits spells them ('' for unknown).
 */
const SOURCES: { table: string; name: string; rows: (rows: string, sign: string) => string }[] = [
  {
    table: 'link_geo_daily',
    name: 'link_dims_from_geo',
    rows: (rows, sign) =>
      `SELECT link_id, owner_id, day, 'country_code' AS dimension, country_code AS value, country, ${sign}clicks AS clicks FROM ${rows}`,
  },
  {
    table: 'link_tech_daily',
    name: 'link_dims_from_tech',
    rows: (rows, sign) => `SELECT r.link_id, r.owner_id, r.day, d.dimension, coalesce(d.value, '') AS value, '' AS country, ${sign}r.clicks AS clicks
      FROM ${rows} r CROSS JOIN LATERAL (VALUES ('device', r.device), ('browser', r.browser), ('os', r.os), ('referrer', r.referrer)) AS d(dimension, value)`,
  },
  {
    table: 'link_lang_daily',
    name: 'link_dims_from_lang',
    rows: (rows, sign) =>
      `SELECT link_id, owner_id, day, 'language' AS dimension, language AS value, '' AS country, ${sign}clicks AS clicks FROM ${rows}`,
  },
];

/**
 * Issue 33: a breakdown of one click dimension under a link filter (the countries of a tag's links) summed one
 * link_click_bits count per value and day of each matching link: about 56 countries a link-day on the 11M-click bench
 * database, 42,000 rows for 25 links over 30 days (docs/performance-history.md, "Each link's values by month").
 * `link_dims_monthly` is link_click_bits' closed counts per month: per link, dimension of OWNER_DIMENSIONS, value and
 * UTC month, `cum[d]` the link's clicks with the value on days 1..d of the month (31 entries), so whole days a..b of a
 * month are cum[b] - cum[a-1], one row per value and month touched (decision 0008, "Each link's values by month").
 * Kept from the per-day tables that hold the same closed days (link_geo_daily's countries, link_tech_daily's four
 * technology columns, link_lang_daily's languages) by statement triggers, as link_geo_monthly is; back-filled here.
 */
export class LinkDimsMonthly1767063800000 implements MigrationInterface {
  name = 'LinkDimsMonthly1767063800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE link_dims_monthly (
        link_id uuid NOT NULL, dimension text NOT NULL, value text NOT NULL, month date NOT NULL,
        owner_id uuid NOT NULL, country text NOT NULL, cum int[] NOT NULL,
        PRIMARY KEY (${KEY})
      ) WITH (fillfactor = 50);
      ${SOURCES.map((s) => rollupTriggersSql(s.name, s.table, upsert, s.rows('new_rows', ''), s.rows('old_rows', '-'))).join('\n')}
      ${upsert(SOURCES.map((s) => s.rows(s.table, '')).join(' UNION ALL '))}
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`${SOURCES.map((s) => dropRollupTriggersSql(s.name, s.table)).join('\n')} DROP TABLE link_dims_monthly;`);
  }
}
