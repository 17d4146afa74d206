import type { MigrationInterface, QueryRunner } from 'typeorm';

/** This migration's frozen list of the dimensions (rollup-manifest's OWNER_DIMENSIONS when it shipped). */
const DIMENSIONS = ['country_code', 'device', 'browser', 'os', 'referrer', 'language'];
const PAIRS = DIMENSIONS.flatMap((a, i) =>
  DIMENSIONS.slice(i + 1).map(
    (b) => `('${a}+${b}', coalesce(${a}, ''), coalesce(${b}, ''), ${a === 'country_code' ? `coalesce(country, '')` : `''`})`,
  ),
).join(', ');
const KEY = 'owner_id, pair, value_a, value_b';
const DAILY_KEY = `${KEY}, day`;
const midnight = (day: string) => `(${day})::timestamp AT TIME ZONE 'UTC'`;
const QUARTER = `(floor(extract(epoch FROM bucket))::bigint % 86400 / 900)::int`;

/** roll_up_owner_pairs as OwnerPairs made it (copied: a shipped migration never changes): from the clicks. */
const FROM_CLICKS = `
  CREATE OR REPLACE FUNCTION roll_up_owner_pairs(from_day date, to_day date) RETURNS void LANGUAGE sql AS $$
    INSERT INTO owner_pairs_daily AS t (${DAILY_KEY}, country, clicks, quarters)
    SELECT ${DAILY_KEY}, max(country), sum(n), cumulative_quarters(array_agg(quarter), array_agg(n))
      FROM (SELECT owner_id, p.pair, p.value_a, p.value_b, (clicked_at AT TIME ZONE 'UTC')::date AS day,
                   (floor(extract(epoch FROM clicked_at))::bigint % 86400 / 900)::int AS quarter, max(p.country) AS country, count(*) AS n
              FROM (SELECT * FROM clicks WHERE NOT is_bot AND clicked_at >= ${midnight('from_day')} AND clicked_at < ${midnight('to_day')}) c
             CROSS JOIN LATERAL (VALUES ${PAIRS}) AS p(pair, value_a, value_b, country)
             GROUP BY 1, 2, 3, 4, 5, 6) g
     GROUP BY ${DAILY_KEY} ORDER BY ${DAILY_KEY}
    ON CONFLICT (${DAILY_KEY}) DO UPDATE SET clicks = EXCLUDED.clicks, quarters = EXCLUDED.quarters, country = EXCLUDED.country;
  $$;`;

/**
 * Issue 33 (decision 0008, "Pairs of dimensions by day"): owner_pairs_daily holds closed days only, and the reads took
 * the days not rolled up yet from the raw clicks: with yesterday still open about 150,000 clicks of the bench's
 * account per sum, 90-140 ms a read at 11M clicks; and the day roll-up counted each closed day from the clicks, 5.1 s
 * under the lock every ingest waits on. owner_pairs_open holds the open days' pairs per 15-minute bucket (keyed
 * (owner_id, pair, value_a, value_b, bucket), second index by value_b as owner_pairs_daily's), written by the ingest
 * for every click of a day not rolled up yet; the day roll-up now moves a closed day's rows into owner_pairs_daily
 * (their cumulative quarters) and deletes them. Back-filled here from the stored clicks of the open days.
 */
export class OwnerPairsOpenDays1767063100000 implements MigrationInterface {
  name = 'OwnerPairsOpenDays1767063100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE owner_pairs_open (
        owner_id uuid NOT NULL,
        pair     text NOT NULL,
        value_a  text NOT NULL,
        value_b  text NOT NULL,
        bucket   timestamptz NOT NULL,
        country  text NOT NULL,
        clicks   bigint NOT NULL,
        PRIMARY KEY (${KEY}, bucket)
      ) WITH (fillfactor = 70);
      CREATE INDEX owner_pairs_open_by_b ON owner_pairs_open (owner_id, pair, value_b, bucket);

      CREATE OR REPLACE FUNCTION roll_up_owner_pairs(from_day date, to_day date) RETURNS void LANGUAGE sql AS $$
        INSERT INTO owner_pairs_daily AS t (${DAILY_KEY}, country, clicks, quarters)
        SELECT ${KEY}, (bucket AT TIME ZONE 'UTC')::date, max(country), sum(clicks),
               cumulative_quarters(array_agg(${QUARTER}), array_agg(clicks))
          FROM owner_pairs_open WHERE bucket >= ${midnight('from_day')} AND bucket < ${midnight('to_day')}
         GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
        ON CONFLICT (${DAILY_KEY}) DO UPDATE SET clicks = EXCLUDED.clicks, quarters = EXCLUDED.quarters, country = EXCLUDED.country;
        DELETE FROM owner_pairs_open WHERE bucket < ${midnight('to_day')};
      $$;

      INSERT INTO owner_pairs_open (${KEY}, bucket, country, clicks)
      SELECT owner_id, p.pair, p.value_a, p.value_b, date_bin('15 minutes', clicked_at, timestamptz 'epoch'), max(p.country), count(*)
        FROM clicks CROSS JOIN LATERAL (VALUES ${PAIRS}) AS p(pair, value_a, value_b, country)
       WHERE NOT is_bot AND clicked_at >= (SELECT ${midnight('rolled_before')} FROM rollup_days)
       GROUP BY 1, 2, 3, 4, 5;
      ANALYZE owner_pairs_open;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`${FROM_CLICKS} DROP TABLE owner_pairs_open;`);
  }
}
