import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The UTC midnight that starts the date `day` (an SQL date expression), as a timestamptz. */
const midnight = (day: string) => `(${day})::timestamp AT TIME ZONE 'UTC'`;
const UTC_DAY = `(bucket AT TIME ZONE 'UTC')::date`;
const IN_DAYS = `bucket >= ${midnight('from_day')} AND bucket < ${midnight('to_day')}`;

/**
 * Issue 14: the per-day tables were written on every click, yet they repeat what the 15-minute tables hold. With
 * clicks spread over 1,000 links (bench:ingest-sql --breakdown) they cost 11 µs of the ingest statement's 43 µs of
 * Postgres CPU per click: link_clicks_daily, link_tech_daily, link_geo_daily and the per-owner rollups their
 * triggers keep (owner_clicks_daily, owner_geo_monthly).
 *
 * Now a day reaches them once it has closed. `rollup_days.rolled_before` is the first UTC day they do not hold:
 * - the worker's day roll-up (rollUpClosedDays, clicks) runs `roll_up_days(rolled_before, today)` and moves it to
 *   today, in one transaction under an exclusive advisory lock;
 * - the ingest (under the same lock, shared) writes the per-day tables only for clicks of days before it: late clicks
 *   of a day already rolled up;
 * - the reads (rollup-range.ts, analytics) take the whole days from it on from the 15-minute tables, as they take
 *   the partial edges of a range.
 *
 * `roll_up_days(from_day, to_day)` sets every per-day row of the days in [from_day, to_day) to the sum of its
 * 15-minute rows: running it again changes nothing. The owner triggers add the difference. It locks the links it
 * rolls up FOR KEY SHARE first, as the ingest does: a concurrent link deletion either waits for it (and then deletes
 * the rows it wrote) or has committed first (and that link is left out), so no per-day row outlives its link.
 *
 * Up starts at today: today's per-day rows go (the 15-minute tables hold them; the triggers take them off the owner
 * rollups). Down rolls every day from rolled_before on up, so the per-day tables are whole again.
 */
export class DaysRolledUp1766900000000 implements MigrationInterface {
  name = 'DaysRolledUp1766900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE rollup_days (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        rolled_before date NOT NULL
      );
      INSERT INTO rollup_days (rolled_before) VALUES ((now() AT TIME ZONE 'UTC')::date);
      DELETE FROM link_clicks_daily WHERE day >= (SELECT rolled_before FROM rollup_days);
      DELETE FROM link_tech_daily WHERE day >= (SELECT rolled_before FROM rollup_days);
      DELETE FROM link_geo_daily WHERE day >= (SELECT rolled_before FROM rollup_days);
      CREATE FUNCTION roll_up_days(from_day date, to_day date) RETURNS void LANGUAGE plpgsql AS $$
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
      END $$;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      SELECT roll_up_days(rolled_before, 'infinity') FROM rollup_days;
      DROP FUNCTION roll_up_days(date, date);
      DROP TABLE rollup_days;
    `);
  }
}
