import type { MigrationInterface, QueryRunner } from 'typeorm';

/** This migration's frozen list (rollup-manifest's PLACE_PAIR_DIMENSIONS when it shipped). */
const DIMENSIONS = ['device', 'browser', 'os', 'referrer', 'language'];
/** A click's place rows: pair `place+${d}`, value_a its country code, value_b its value of d, the country's name, region and city. */
const PLACES = DIMENSIONS.map(
  (d) => `('place+${d}', coalesce(country_code, ''), coalesce(${d}, ''), coalesce(country, ''), coalesce(region, ''), coalesce(city, ''))`,
).join(', ');
const KEY = 'owner_id, pair, value_a, value_b, region, city';
const OLD_KEY = 'owner_id, pair, value_a, value_b';
const midnight = (day: string) => `(${day})::timestamp AT TIME ZONE 'UTC'`;
const QUARTER = (column: string) => `(floor(extract(epoch FROM ${column}))::bigint % 86400 / 900)::int`;
const CLOSED = `clicked_at < (SELECT ${midnight('rolled_before')} FROM rollup_days)`;
/** The two pairs tables, each with its time column. */
const TABLES = [
  ['owner_pairs_daily', 'day'],
  ['owner_pairs_open', 'bucket'],
] as const;

/** roll_up_owner_pairs over the key `key` (as OwnerPairsOpenDays made it over OLD_KEY). */
const rollUp = (key: string) => {
  const byKeyAndDay = Array.from({ length: key.split(', ').length + 1 }, (_, i) => i + 1).join(', ');
  return `
  CREATE OR REPLACE FUNCTION roll_up_owner_pairs(from_day date, to_day date) RETURNS void LANGUAGE sql AS $$
    INSERT INTO owner_pairs_daily AS t (${key}, day, country, clicks, quarters)
    SELECT ${key}, (bucket AT TIME ZONE 'UTC')::date, max(country), sum(clicks), cumulative_quarters(array_agg(${QUARTER('bucket')}), array_agg(clicks))
      FROM owner_pairs_open WHERE bucket >= ${midnight('from_day')} AND bucket < ${midnight('to_day')}
     GROUP BY ${byKeyAndDay} ORDER BY ${byKeyAndDay}
    ON CONFLICT (${key}, day) DO UPDATE SET clicks = EXCLUDED.clicks, quarters = EXCLUDED.quarters, country = EXCLUDED.country;
    DELETE FROM owner_pairs_open WHERE bucket < ${midnight('to_day')};
  $$;`;
};

/**
 * Issue 33 (decision 0008, "Places by one other dimension"): a region or city under another click filter (the
 * geography under a device, a referrer or a language) counted the account's raw clicks of the range: 0.51-0.55 s p95
 * at 11M clicks, 3.3M clicks for 30 days. The pairs tables now also hold each owner's clicks per place (country code,
 * region, city) and value of each other one-dimension column: pairs `place+device`, `place+browser`, `place+os`,
 * `place+referrer`, `place+language`, value_a the country code, value_b the other value, the country's name in
 * `country`, and two new key columns `region` and `city` ('' in every other pair). The bench account's 111,163 clicks
 * a day make about 25,000 such rows a day (decision 0008). The ingest writes them as the other pairs (open days per
 * 15-minute bucket, late clicks per day), the day roll-up moves them, deleteClickData takes them off.
 *
 * The primary keys are rebuilt with the two columns after the day or bucket, so that a pair's two values and a range
 * of days stay one range of the key for every pair (before it, a read under two filters of the other pairs, which do
 * not name region and city, scanned every day of its two values: daily summary under a country and a device 11 ->
 * 63 ms p95 at 11M clicks). They are rebuilt under the migration's lock while the ingest waits (its jobs stay
 * queued). Back-filled here from the stored clicks: closed days into owner_pairs_daily, the others into
 * owner_pairs_open.
 */
export class OwnerPlacePairs1767063500000 implements MigrationInterface {
  name = 'OwnerPlacePairs1767063500000';

  async up(q: QueryRunner): Promise<void> {
    for (const [table, at] of TABLES) {
      await q.query(`
        ALTER TABLE ${table} ADD COLUMN region text NOT NULL DEFAULT '', ADD COLUMN city text NOT NULL DEFAULT '';
        ALTER TABLE ${table} ALTER COLUMN region DROP DEFAULT, ALTER COLUMN city DROP DEFAULT;
        ALTER TABLE ${table} DROP CONSTRAINT ${table}_pkey, ADD PRIMARY KEY (${OLD_KEY}, ${at}, region, city);`);
    }
    await q.query(rollUp(KEY));
    // One pass over the clicks each; enough memory to aggregate without spilling.
    await q.query(`SET LOCAL work_mem = '256MB'`);
    await q.query(`
      INSERT INTO owner_pairs_daily (${KEY}, day, country, clicks, quarters)
      SELECT ${KEY}, day, max(country), sum(n), cumulative_quarters(array_agg(quarter), array_agg(n))
        FROM (SELECT owner_id, p.pair, p.value_a, p.value_b, p.region, p.city, (clicked_at AT TIME ZONE 'UTC')::date AS day,
                     ${QUARTER('clicked_at')} AS quarter, max(p.country) AS country, count(*) AS n
                FROM clicks CROSS JOIN LATERAL (VALUES ${PLACES}) AS p(pair, value_a, value_b, country, region, city)
               WHERE NOT is_bot AND ${CLOSED}
               GROUP BY 1, 2, 3, 4, 5, 6, 7, 8) g
       GROUP BY ${KEY}, day`);
    await q.query(`
      INSERT INTO owner_pairs_open (${KEY}, bucket, country, clicks)
      SELECT owner_id, p.pair, p.value_a, p.value_b, p.region, p.city, date_bin('15 minutes', clicked_at, timestamptz 'epoch'),
             max(p.country), count(*)
        FROM clicks CROSS JOIN LATERAL (VALUES ${PLACES}) AS p(pair, value_a, value_b, country, region, city)
       WHERE NOT is_bot AND NOT (${CLOSED})
       GROUP BY 1, 2, 3, 4, 5, 6, 7`);
    // Statistics at once: the first filtered reads should not wait for autovacuum to plan on a grown table.
    await q.query(`ANALYZE owner_pairs_daily; ANALYZE owner_pairs_open`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [table, at] of TABLES) {
      await q.query(`
        DELETE FROM ${table} WHERE pair LIKE 'place+%';
        ALTER TABLE ${table} DROP CONSTRAINT ${table}_pkey, ADD PRIMARY KEY (${OLD_KEY}, ${at});
        ALTER TABLE ${table} DROP COLUMN region, DROP COLUMN city;`);
    }
    await q.query(rollUp(OLD_KEY));
  }
}
