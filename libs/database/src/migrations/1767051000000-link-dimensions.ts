import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The UTC midnight that starts the date `day` (an SQL date expression), as a timestamptz. */
const midnight = (day: string) => `(${day})::timestamp AT TIME ZONE 'UTC'`;
const UTC_DAY = `(bucket AT TIME ZONE 'UTC')::date`;
const IN_DAYS = `bucket >= ${midnight('from_day')} AND bucket < ${midnight('to_day')}`;

/**
 * roll_up_days as LinkLanguages made it (copied: a shipped migration never changes), plus `extra` (statements run
 * after the link_lang_daily insert).
 */
export const rollUpDays = (extra: string) => `
  CREATE OR REPLACE FUNCTION roll_up_days(from_day date, to_day date) RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM 1 FROM links WHERE id IN (SELECT link_id FROM link_clicks_15m WHERE ${IN_DAYS}) ORDER BY id FOR KEY SHARE;
    INSERT INTO link_clicks_daily AS t (link_id, owner_id, day, clicks)
    SELECT link_id, owner_id, ${UTC_DAY}, sum(clicks) FROM link_clicks_15m
     WHERE ${IN_DAYS} AND link_id IN (SELECT id FROM links) GROUP BY 1, 2, 3 ORDER BY 1, 3
    ON CONFLICT (link_id, day) DO UPDATE SET clicks = EXCLUDED.clicks;
    INSERT INTO link_tech_daily AS t (link_id, owner_id, day, browser, os, device, referrer, clicks)
    SELECT link_id, owner_id, ${UTC_DAY}, browser, os, device, referrer, sum(clicks)
      FROM link_tech_15m
     WHERE ${IN_DAYS} AND link_id IN (SELECT id FROM links) GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 3, 4, 5, 6, 7
    ON CONFLICT (link_id, day, browser, os, device, referrer) DO UPDATE SET clicks = EXCLUDED.clicks;
    INSERT INTO link_geo_daily AS t (link_id, owner_id, day, country_code, country, region, city, clicks)
    SELECT link_id, owner_id, ${UTC_DAY}, country_code, max(country), region, city, sum(clicks)
      FROM link_geo_15m
     WHERE ${IN_DAYS} AND link_id IN (SELECT id FROM links) GROUP BY 1, 2, 3, 4, 6, 7 ORDER BY 1, 3, 4, 6, 7
    ON CONFLICT (link_id, day, country_code, region, city) DO UPDATE SET clicks = EXCLUDED.clicks;
    INSERT INTO link_lang_daily AS t (link_id, owner_id, day, language, clicks)
    SELECT link_id, owner_id, ${UTC_DAY}, language, sum(clicks)
      FROM link_lang_15m
     WHERE ${IN_DAYS} AND link_id IN (SELECT id FROM links) GROUP BY 1, 2, 3, 4 ORDER BY 1, 3, 4
    ON CONFLICT (link_id, day, language) DO UPDATE SET clicks = EXCLUDED.clicks;${extra}
  END $$;
`;

/** The sums of one closed day's 15-minute rows by one dimension: from the per-link family that holds it. */
const DAY_OF = (dimension: string, table: string) => `
    INSERT INTO link_dims_daily AS t (link_id, owner_id, dimension, value, day, clicks)
    SELECT link_id, owner_id, '${dimension}', ${dimension}, ${UTC_DAY}, sum(clicks)
      FROM ${table}
     WHERE ${IN_DAYS} AND ${dimension} IS NOT NULL AND link_id IN (SELECT id FROM links) GROUP BY 1, 2, 4, 5 ORDER BY 1, 4, 5
    ON CONFLICT (link_id, dimension, value, day) DO UPDATE SET clicks = EXCLUDED.clicks;`;

/**
 * Issue 33 (decision 0008): per-link reads under one click filter (trends' top links, performance and its export,
 * the breakdown by link, tag or UTM) summed the link_geo / link_tech rows of every place or technology combination
 * of each link over the range (all time for performance's totals), or its raw clicks for a language: seconds at
 * 11M clicks. link_dims_daily counts a link's non-bot clicks per UTC day by one dimension at a time (country code,
 * device, browser, OS, referrer, language; '' for unknown and direct), keyed (link_id, dimension, value, day): a
 * filtered read of a link is one range of the key, one row per day. There is no 15-minute table of it: the edges of
 * a range and the days not rolled up yet come from the 15-minute tables that already hold each dimension
 * (link_geo_15m, link_tech_15m, link_lang_15m), which a 15-minute copy would have repeated at 1.1 GB for 1.1M clicks
 * (decision 0008). So the ingest writes it only for late clicks, as every per-day table (DaysRolledUp), and
 * roll_up_days now fills in each closed day from those 15-minute tables; deleteClickData deletes it by link id
 * through the rollup manifest. Room for HOT updates, no index on `clicks` (docs/contributing.md#add-a-rollup).
 *
 * Back-filled from the stored clicks (its own frozen list of the dimensions), the days before
 * rollup_days.rolled_before. Clicks already dropped by retention are not in it, as they are not in the raw-served
 * figures it replaces.
 */
export class LinkDimensions1767051000000 implements MigrationInterface {
  name = 'LinkDimensions1767051000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE link_dims_daily (
        link_id   uuid NOT NULL,
        owner_id  uuid NOT NULL,
        dimension text NOT NULL,
        value     text NOT NULL,
        day       date NOT NULL,
        clicks    bigint NOT NULL,
        PRIMARY KEY (link_id, dimension, value, day)
      ) WITH (fillfactor = 70)
    `);
    // One pass over the clicks, each counted once per dimension; enough memory to aggregate without spilling.
    await q.query(`SET LOCAL work_mem = '256MB'`);
    await q.query(`
      INSERT INTO link_dims_daily (link_id, owner_id, dimension, value, day, clicks)
      SELECT link_id, owner_id, d.dimension, d.value, (clicked_at AT TIME ZONE 'UTC')::date, count(*)
        FROM clicks
       CROSS JOIN LATERAL (VALUES ('country_code', coalesce(country_code, '')), ('device', coalesce(device, '')),
                                  ('browser', coalesce(browser, '')), ('os', coalesce(os, '')),
                                  ('referrer', coalesce(referrer, '')), ('language', coalesce(language, ''))) AS d(dimension, value)
       WHERE NOT is_bot AND owner_id IS NOT NULL AND link_id IN (SELECT id FROM links)
         AND clicked_at < (SELECT ${midnight('rolled_before')} FROM rollup_days)
       GROUP BY 1, 2, 3, 4, 5
       ORDER BY 1, 3, 4, 5
    `);
    await q.query(
      rollUpDays(
        [
          DAY_OF('country_code', 'link_geo_15m'),
          ...['device', 'browser', 'os', 'referrer'].map((d) => DAY_OF(d, 'link_tech_15m')),
          DAY_OF('language', 'link_lang_15m'),
        ].join(''),
      ),
    );
    // Statistics at once: the first filtered reads should not wait for autovacuum to plan on a large table.
    await q.query(`ANALYZE link_dims_daily`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(rollUpDays(''));
    await q.query(`DROP TABLE link_dims_daily`);
  }
}
