import type { MigrationInterface, QueryRunner } from 'typeorm';
import { dropRollupTriggersSql, rollupTriggersSql } from './rollup-triggers.js';

const GEO_COLS = 'owner_id, day, country_code, country, region, city';
const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);
/** The element-wise sum of two 31-day `cum` arrays, written out: 7× cheaper per row than unnest + array_agg. */
const ADD_ARRAYS = `ARRAY[${DAYS.map((d) => `t.cum[${d}] + EXCLUDED.cum[${d}]`).join(', ')}]`;
/** What AnalyticsReadPaths wrote (restored by down). */
const ADD_ARRAYS_BEFORE = `(SELECT array_agg(coalesce(a, 0) + coalesce(b, 0) ORDER BY i) FROM unnest(t.cum, EXCLUDED.cum) WITH ORDINALITY AS u(a, b, i))`;

/** Upsert into owner_geo_monthly of the deltas `rows` (owner_id, day, country_code, country, region, city, clicks). */
const geoUpsert = (rows: string, add: string) => `
  INSERT INTO owner_geo_monthly AS t (owner_id, month, country_code, region, city, country, cum)
  SELECT owner_id, month, country_code, region, city, max(country),
         array_cat_agg(CASE WHEN rn = 1 THEN array_fill(0::bigint, ARRAY[dom - 1]) ELSE '{}'::bigint[] END
                       || array_fill(running, ARRAY[nxt - dom]) ORDER BY dom)
    FROM (
      SELECT s.*, (sum(n) OVER k)::bigint AS running, lead(dom, 1, 32) OVER k AS nxt, row_number() OVER k AS rn
        FROM (
          SELECT owner_id, date_trunc('month', day)::date AS month, extract(day FROM day)::int AS dom,
                 country_code, region, city, max(country) AS country, sum(clicks)::bigint AS n
            FROM (${rows}) d GROUP BY 1, 2, 3, 4, 5, 6
        ) s
      WINDOW k AS (PARTITION BY owner_id, month, country_code, region, city ORDER BY dom)
    ) w
   GROUP BY owner_id, month, country_code, region, city
  HAVING bool_or(n <> 0)
   ORDER BY owner_id, month, country_code, region, city
  ON CONFLICT (owner_id, month, country_code, region, city) DO UPDATE SET cum = ${add}, country = EXCLUDED.country;`;

/** owner_geo_monthly's triggers on `source`, adding arrays with `add`. */
const monthlyTriggers = (source: string, add: string) =>
  rollupTriggersSql(
    'owner_geo_monthly',
    source,
    (rows) => geoUpsert(rows, add),
    `SELECT ${GEO_COLS}, clicks FROM new_rows`,
    `SELECT ${GEO_COLS}, -clicks AS clicks FROM old_rows`,
  );

/**
 * Issue 14: two costs of every ingest that no read needed.
 *
 * owner_geo_daily was read by nothing: the owner geography reads owner_geo_monthly (whole days) and owner_geo_15m
 * (edges). It only fed owner_geo_monthly's triggers. Those triggers now read link_geo_daily directly (their upsert
 * groups by owner anyway), and owner_geo_daily is gone: one upsert of one row per place per batch fewer.
 *
 * The monthly upsert added the stored and new `cum` arrays with unnest + array_agg, a subquery per row (8 µs a row
 * in psql, 230 rows per 500-click batch in bench:pipeline); it now adds the 31 entries written out (1.2 µs).
 *
 * owner_geo_monthly keeps its rows: owner_geo_daily was exactly link_geo_daily summed per owner, so the same deltas
 * arrive. Down rebuilds owner_geo_daily from link_geo_daily and puts the triggers back as they were.
 */
export class OwnerGeoMonthlyFromLinks1766300000000 implements MigrationInterface {
  name = 'OwnerGeoMonthlyFromLinks1766300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ${dropRollupTriggersSql('owner_geo_monthly', 'owner_geo_daily')}
      ${dropRollupTriggersSql('owner_geo_daily', 'link_geo_daily')}
      DROP TABLE owner_geo_daily;
      ${monthlyTriggers('link_geo_daily', ADD_ARRAYS)}
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    const keys = 'owner_id, day, country_code, region, city';
    const upsert = (rows: string) => `
        INSERT INTO owner_geo_daily (${keys}, country, clicks)
        SELECT ${keys}, max(country), sum(clicks) FROM (${rows}) r GROUP BY ${keys} HAVING sum(clicks) <> 0 ORDER BY ${keys}
        ON CONFLICT (${keys}) DO UPDATE SET clicks = owner_geo_daily.clicks + EXCLUDED.clicks, country = EXCLUDED.country;`;
    const cols = `${keys}, country`;
    await q.query(`
      ${dropRollupTriggersSql('owner_geo_monthly', 'link_geo_daily')}
      CREATE TABLE owner_geo_daily (
        owner_id uuid NOT NULL, day date NOT NULL, country_code text NOT NULL, country text NOT NULL,
        region text NOT NULL, city text NOT NULL, clicks bigint NOT NULL,
        PRIMARY KEY (owner_id, day, country_code, region, city)
      );
      INSERT INTO owner_geo_daily (${cols}, clicks)
        SELECT ${keys}, max(country), sum(clicks) FROM link_geo_daily GROUP BY ${keys} HAVING sum(clicks) <> 0;
      ${rollupTriggersSql('owner_geo_daily', 'link_geo_daily', upsert, `SELECT ${cols}, clicks FROM new_rows`, `SELECT ${cols}, -clicks AS clicks FROM old_rows`)}
      ${monthlyTriggers('owner_geo_daily', ADD_ARRAYS_BEFORE)}
    `);
  }
}
