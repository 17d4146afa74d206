import type { MigrationInterface, QueryRunner } from 'typeorm';
import { dropRollupTriggersSql, rollupTriggersSql } from './rollup-triggers.js';

const KEY = 'link_id, month, country_code, region, city';
const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);
/** The element-wise sum of two 31-day `cum` arrays, written out (as OwnerGeoMonthlyFromLinks adds them). */
const ADD_ARRAYS = `ARRAY[${DAYS.map((d) => `t.cum[${d}] + EXCLUDED.cum[${d}]`).join(', ')}]`;

/**
 * Upsert into link_geo_monthly of the deltas `rows` (link_id, owner_id, day, country_code, country, region, city,
 * clicks): per link, month and place, each day's delta added to that day and every later one of the month.
 */
const upsert = (rows: string) => `
  INSERT INTO link_geo_monthly AS t (${KEY}, owner_id, country, cum)
  SELECT link_id, month, country_code, region, city, owner_id, max(country),
         array_cat_agg(CASE WHEN rn = 1 THEN array_fill(0, ARRAY[dom - 1]) ELSE '{}'::int[] END
                       || array_fill(running, ARRAY[nxt - dom]) ORDER BY dom)
    FROM (
      SELECT s.*, (sum(n) OVER k)::int AS running, lead(dom, 1, 32) OVER k AS nxt, row_number() OVER k AS rn
        FROM (
          SELECT link_id, owner_id, date_trunc('month', day)::date AS month, extract(day FROM day)::int AS dom,
                 country_code, region, city, max(country) AS country, sum(clicks)::int AS n
            FROM (${rows}) d GROUP BY 1, 2, 3, 4, 5, 6, 7
        ) s
      WINDOW k AS (PARTITION BY ${KEY} ORDER BY dom)
    ) w
   GROUP BY ${KEY}, owner_id
  HAVING bool_or(n <> 0)
   ORDER BY ${KEY}
  ON CONFLICT (${KEY}) DO UPDATE SET cum = ${ADD_ARRAYS}, country = EXCLUDED.country;`;

const COLS = 'link_id, owner_id, day, country_code, country, region, city';

/**
 * Issue 33: the geography under a link filter (a tag, a UTM value) summed one `link_geo_daily` row per place and
 * day of each matching link: about 229 a link-day on the 11M-click bench database, 166,000 rows for 25 links over 30
 * days, half of the read in hashing them (docs/performance-history.md, "Each link's places by month").
 * `link_geo_monthly` is owner_geo_monthly per link: per link, UTC month and place, `cum[d]` the link's clicks from
 * the place on days 1..d of the month (31 entries), so whole days a..b of a month are cum[b] - cum[a-1], one row per
 * place and month touched (1,320 places a link-month there). Kept from link_geo_daily by statement triggers, as
 * owner_geo_monthly is: the day roll-up, late clicks and deletions reach it as they reach link_geo_daily. Back-filled
 * here from link_geo_daily.
 */
export class LinkGeoMonthly1767063700000 implements MigrationInterface {
  name = 'LinkGeoMonthly1767063700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE link_geo_monthly (
        link_id uuid NOT NULL, month date NOT NULL, country_code text NOT NULL, region text NOT NULL, city text NOT NULL,
        owner_id uuid NOT NULL, country text NOT NULL, cum int[] NOT NULL,
        PRIMARY KEY (${KEY})
      ) WITH (fillfactor = 50);
      ${rollupTriggersSql('link_geo_monthly', 'link_geo_daily', upsert, `SELECT ${COLS}, clicks FROM new_rows`, `SELECT ${COLS}, -clicks AS clicks FROM old_rows`)}
      ${upsert(`SELECT ${COLS}, clicks FROM link_geo_daily`)}
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`${dropRollupTriggersSql('link_geo_monthly', 'link_geo_daily')} DROP TABLE link_geo_monthly;`);
  }
}
