import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The UTC midnight that starts the date `day` (an SQL date expression), as a timestamptz. */
const midnight = (day: string) => `(${day})::timestamp AT TIME ZONE 'UTC'`;
const UTC_DAY = `(bucket AT TIME ZONE 'UTC')::date`;
const IN_DAYS = `bucket >= ${midnight('from_day')} AND bucket < ${midnight('to_day')}`;

/**
 * roll_up_days as DaysRolledUp made it (copied: a shipped migration never changes), plus `extra` (statements run after
 * the link_geo_daily insert).
 */
const rollUpDays = (extra: string) => `
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
    ON CONFLICT (link_id, day, country_code, region, city) DO UPDATE SET clicks = EXCLUDED.clicks;${extra}
  END $$;
`;

/** A language table at one grain (`at`: bucket or day), keyed by link first: a read is one range of the key. */
const langTable = (name: string, at: string, type: string) => `
  CREATE TABLE ${name} (
    link_id  uuid NOT NULL,
    owner_id uuid NOT NULL,
    ${at} ${type} NOT NULL,
    language text NOT NULL,
    clicks   bigint NOT NULL,
    PRIMARY KEY (link_id, ${at}, language)
  ) WITH (fillfactor = 70)
`;

/**
 * Decision 0008: Link Analytics counted its language breakdown from the link's raw clicks, 1.2–1.4 s at
 * p95 over 90 days on the 11M-click bench database. link_lang_15m and link_lang_daily count a link's non-bot clicks
 * per language ('' for unknown) at the two grains of the other per-link families (decision 0007): the ingest
 * statement writes them like link_tech_*, roll_up_days (DaysRolledUp) now rolls the closed days of link_lang_15m up
 * too, and deleteClickData deletes them by link id through the rollup manifest. Keyed by link first (a read is one
 * range of the key); room for HOT updates, no index on `clicks` (docs/contributing.md#add-a-rollup).
 *
 * Back-filled from the stored clicks: every bucket into link_lang_15m, the days before rollup_days.rolled_before
 * into link_lang_daily (the later ones are the 15-minute table's until the day roll-up). Clicks already dropped by
 * retention are not in it, as they are not in the raw-served figure it replaces.
 */
export class LinkLanguages1767049000000 implements MigrationInterface {
  name = 'LinkLanguages1767049000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(langTable('link_lang_15m', 'bucket', 'timestamptz'));
    await q.query(langTable('link_lang_daily', 'day', 'date'));
    // One pass over the clicks; enough memory to aggregate without spilling.
    await q.query(`SET LOCAL work_mem = '256MB'`);
    await q.query(`
      INSERT INTO link_lang_15m (link_id, owner_id, bucket, language, clicks)
      SELECT link_id, owner_id, date_bin('15 minutes', clicked_at, timestamptz 'epoch'), coalesce(language, ''), count(*)
        FROM clicks
       WHERE NOT is_bot AND owner_id IS NOT NULL AND link_id IN (SELECT id FROM links)
       GROUP BY 1, 2, 3, 4
    `);
    await q.query(`
      INSERT INTO link_lang_daily (link_id, owner_id, day, language, clicks)
      SELECT link_id, owner_id, ${UTC_DAY}, language, sum(clicks)
        FROM link_lang_15m
       WHERE bucket < (SELECT ${midnight('rolled_before')} FROM rollup_days)
       GROUP BY 1, 2, 3, 4
    `);
    await q.query(
      rollUpDays(`
    INSERT INTO link_lang_daily AS t (link_id, owner_id, day, language, clicks)
    SELECT link_id, owner_id, ${UTC_DAY}, language, sum(clicks)
      FROM link_lang_15m
     WHERE ${IN_DAYS} AND link_id IN (SELECT id FROM links) GROUP BY 1, 2, 3, 4 ORDER BY 1, 3, 4
    ON CONFLICT (link_id, day, language) DO UPDATE SET clicks = EXCLUDED.clicks;`),
    );
    await q.query(`ANALYZE link_lang_15m`);
    await q.query(`ANALYZE link_lang_daily`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(rollUpDays(''));
    await q.query(`DROP TABLE link_lang_daily`);
    await q.query(`DROP TABLE link_lang_15m`);
  }
}
