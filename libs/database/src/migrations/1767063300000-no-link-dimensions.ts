import type { MigrationInterface, QueryRunner } from 'typeorm';
import { LinkDimensions1767051000000 } from './1767051000000-link-dimensions.js';

/** The UTC midnight that starts the date `day` (an SQL date expression), as a timestamptz. */
const midnight = (day: string) => `(${day})::timestamp AT TIME ZONE 'UTC'`;
const UTC_DAY = `(bucket AT TIME ZONE 'UTC')::date`;
const IN_DAYS = `bucket >= ${midnight('from_day')} AND bucket < ${midnight('to_day')}`;

/** roll_up_days as LinkLanguages made it (copied: a shipped migration never changes): without link_dims_daily. */
const ROLL_UP_DAYS = `
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
    ON CONFLICT (link_id, day, language) DO UPDATE SET clicks = EXCLUDED.clicks;
  END $$;
`;

/**
 * Issue 33 (decision 0008, "Bitmaps of each link's day"): the link bitmaps (migration LinkClickBits) answer every
 * per-link filtered read link_dims_daily answered, faster (link ids under a country over 30 days at 11M clicks:
 * 271 → 28.6 ms), so nothing reads it; the day roll-up still summed each closed day into it under the lock every
 * ingest waits on, and the ingest wrote it for late clicks. Dropped, with roll_up_days back to LinkLanguages'; down
 * recreates and back-fills it (LinkDimensions' up).
 */
export class NoLinkDimensions1767063300000 implements MigrationInterface {
  name = 'NoLinkDimensions1767063300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(ROLL_UP_DAYS);
    await q.query(`DROP TABLE link_dims_daily`);
  }

  async down(q: QueryRunner): Promise<void> {
    await new LinkDimensions1767051000000().up(q);
  }
}
