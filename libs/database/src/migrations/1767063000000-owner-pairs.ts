import type { MigrationInterface, QueryRunner } from 'typeorm';

/** This migration's frozen list of the dimensions (rollup-manifest's OWNER_DIMENSIONS when it shipped). */
const DIMENSIONS = ['country_code', 'device', 'browser', 'os', 'referrer', 'language'];
/** Every pair of them in that order, `a+b`, with the click's two values and the country's name for pairs with a country. */
const PAIRS = DIMENSIONS.flatMap((a, i) =>
  DIMENSIONS.slice(i + 1).map(
    (b) => `('${a}+${b}', coalesce(${a}, ''), coalesce(${b}, ''), ${a === 'country_code' ? `coalesce(country, '')` : `''`})`,
  ),
).join(', ');
/** The 15-minute quarter (0-95) of its UTC day a click falls in. */
const QUARTER = `(floor(extract(epoch FROM clicked_at))::bigint % 86400 / 900)::int`;
const KEY = 'owner_id, pair, value_a, value_b, day';

/**
 * The pair rows of the clicks `from` selects (non-bot, each with owner_id and clicked_at), one per owner, pair,
 * values and UTC day, with its clicks and their cumulative counts by quarter.
 */
const pairRows = (from: string) => `
  SELECT ${KEY}, max(country) AS country, sum(n) AS clicks, cumulative_quarters(array_agg(quarter), array_agg(n)) AS quarters
    FROM (SELECT owner_id, p.pair, p.value_a, p.value_b, (clicked_at AT TIME ZONE 'UTC')::date AS day, ${QUARTER} AS quarter,
                 max(p.country) AS country, count(*) AS n
            FROM (${from}) c CROSS JOIN LATERAL (VALUES ${PAIRS}) AS p(pair, value_a, value_b, country)
           GROUP BY 1, 2, 3, 4, 5, 6) g
   GROUP BY ${KEY}`;

const midnight = (day: string) => `(${day})::timestamp AT TIME ZONE 'UTC'`;

/**
 * Issue 33 (decision 0008, "Pairs of dimensions by day"): a per-owner read under two click filters, or a breakdown of one
 * dimension under a filter on another (the stat cards, the daily chart and the daily summary under a country and a
 * device, the device breakdown under a country), counted every matching raw click of the range: 0.4-2.4 s at 11M
 * clicks. owner_pairs_daily counts each owner's non-bot clicks per UTC day by every pair of the six one-dimension
 * columns (country code, device, browser, OS, referrer, language; '' for unknown and direct), keyed
 * (owner_id, pair, value_a, value_b, day): one row per day for a read under two filters, one per value and day for
 * a breakdown under a filter on the other (second index). `quarters[k]` is the clicks of the day's first k
 * 15-minute quarters (cumulative, as owner_geo_monthly's days), so the edges of a range and any time zone's local
 * days are differences of two elements: no 15-minute table, which decision 0008 priced at several GB.
 *
 * Written for closed days only: `roll_up_owner_pairs(from, to)` counts the raw clicks of days the day roll-up
 * closes (rollUpClosedDays runs it beside roll_up_days), and the ingest adds late clicks of closed days (as every
 * per-day table, DaysRolledUp); the days not rolled up yet are read from the raw clicks. deleteClickData takes a
 * deleted link's clicks off. Room for HOT updates as every table the ingest upserts (docs/contributing.md#add-a-rollup).
 * Back-filled here from the stored clicks of the days before rollup_days.rolled_before.
 */
export class OwnerPairs1767063000000 implements MigrationInterface {
  name = 'OwnerPairs1767063000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE owner_pairs_daily (
        owner_id uuid NOT NULL,
        pair     text NOT NULL,
        value_a  text NOT NULL,
        value_b  text NOT NULL,
        day      date NOT NULL,
        country  text NOT NULL,
        clicks   bigint NOT NULL,
        quarters int[] NOT NULL,
        PRIMARY KEY (${KEY})
      ) WITH (fillfactor = 70);
      CREATE INDEX owner_pairs_daily_by_b ON owner_pairs_daily (owner_id, pair, value_b, day);

      -- The cumulative counts by quarter (96 elements) of counts n at quarters q (0-95). A loop: as one SQL statement
      -- (generate_series, a join and a window per row) the day roll-up of the 11M-click bench took 6.2 s instead of 5.1.
      CREATE FUNCTION cumulative_quarters(q int[], n bigint[]) RETURNS int[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
      DECLARE
        counts int[] := array_fill(0, ARRAY[96]);
        total int := 0;
      BEGIN
        FOR i IN 1 .. coalesce(array_length(q, 1), 0) LOOP
          counts[q[i] + 1] := counts[q[i] + 1] + n[i];
        END LOOP;
        FOR i IN 1 .. 96 LOOP
          total := total + counts[i];
          counts[i] := total;
        END LOOP;
        RETURN counts;
      END $$;
      -- Element by element.
      CREATE FUNCTION add_quarters(a int[], b int[]) RETURNS int[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT array_agg(x + y ORDER BY i) FROM unnest(a, b) WITH ORDINALITY AS t(x, y, i)
      $$;

      CREATE FUNCTION roll_up_owner_pairs(from_day date, to_day date) RETURNS void LANGUAGE sql AS $$
        INSERT INTO owner_pairs_daily AS t (${KEY}, country, clicks, quarters)
        ${pairRows(`SELECT * FROM clicks WHERE NOT is_bot AND clicked_at >= ${midnight('from_day')} AND clicked_at < ${midnight('to_day')}`)}
        ORDER BY ${KEY}
        ON CONFLICT (${KEY}) DO UPDATE SET clicks = EXCLUDED.clicks, quarters = EXCLUDED.quarters, country = EXCLUDED.country;
      $$;
    `);
    // One pass over the clicks; enough memory to aggregate without spilling.
    await q.query(`SET LOCAL work_mem = '256MB'`);
    await q.query(`
      INSERT INTO owner_pairs_daily (${KEY}, country, clicks, quarters)
      ${pairRows(`SELECT * FROM clicks WHERE NOT is_bot AND clicked_at < (SELECT ${midnight('rolled_before')} FROM rollup_days)`)}`);
    // Statistics at once: the first filtered reads should not wait for autovacuum to plan on a large table.
    await q.query(`ANALYZE owner_pairs_daily`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP FUNCTION roll_up_owner_pairs(date, date);
      DROP TABLE owner_pairs_daily;
      DROP FUNCTION add_quarters(int[], int[]);
      DROP FUNCTION cumulative_quarters(int[], bigint[]);
    `);
  }
}
