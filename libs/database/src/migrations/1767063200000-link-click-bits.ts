import type { MigrationInterface, QueryRunner } from 'typeorm';

/** This migration's frozen list of the dimensions (rollup-manifest's OWNER_DIMENSIONS when it shipped). */
const DIMENSIONS = ['country_code', 'device', 'browser', 'os', 'referrer', 'language'];
const VALUES = DIMENSIONS.map((d) => `('${d}', ${d}, ${d === 'country_code' ? 'country' : `''`})`).join(', ');
const spelled = (c: string) => `coalesce(${c}, '') AS ${c}`;
const midnight = (day: string) => `(${day})::timestamp AT TIME ZONE 'UTC'`;
const DAY_OF = `(clicked_at AT TIME ZONE 'UTC')::date`;

/**
 * build_link_click_bits(from_day, to_day, links): the bitmaps of the UTC days [from_day, to_day) of every link (links
 * NULL: the day roll-up, the back-fill) or of those links only (their rows rebuilt: the ingest's late clicks). The
 * ordinals are the link-day's non-bot clicks in (clicked_at, id) order; each bitmap is the string of '0' gaps and '1'
 * marks of its value's ordinals, padded to the day's clicks.
 */
const BUILD = `
  CREATE FUNCTION build_link_click_bits(from_day date, to_day date, links uuid[]) RETURNS void LANGUAGE sql AS $$
    DELETE FROM link_click_bits WHERE link_id = ANY(links) AND dimension = ANY(ARRAY[${DIMENSIONS.map((d) => `'${d}'`).join(', ')}])
       AND day >= from_day AND day < to_day;
    DELETE FROM link_click_days WHERE link_id = ANY(links) AND day >= from_day AND day < to_day;
    -- An open day's rows (the ingest's, in arrival order) become the closed day's: its quarter rows go, the others
    -- are overwritten below.
    DELETE FROM link_click_bits b USING link_click_days d
     WHERE d.day >= from_day AND d.day < to_day AND b.link_id = d.link_id AND b.dimension = 'quarter' AND b.day = d.day;
    WITH c AS MATERIALIZED (
      SELECT link_id, owner_id, ${DAY_OF} AS day, (floor(extract(epoch FROM clicked_at))::bigint % 86400 / 900)::int AS quarter,
             (row_number() OVER (PARTITION BY link_id, ${DAY_OF} ORDER BY clicked_at, id) - 1)::int AS o,
             count(*) OVER (PARTITION BY link_id, ${DAY_OF})::int AS n,
             ${[...DIMENSIONS, 'country'].map(spelled).join(', ')}
        FROM clicks
       WHERE NOT is_bot AND clicked_at >= ${midnight('from_day')} AND clicked_at < ${midnight('to_day')}
         AND (links IS NULL OR link_id = ANY(links))
    ),
    days AS (
      INSERT INTO link_click_days AS t (link_id, day, owner_id, clicks, quarters)
      SELECT link_id, day, owner_id, sum(k)::int, cumulative_quarters(array_agg(quarter), array_agg(k))
        FROM (SELECT link_id, day, owner_id, quarter, count(*) AS k FROM c GROUP BY 1, 2, 3, 4) q
       GROUP BY 1, 2, 3 ORDER BY 1, 2
      ON CONFLICT (link_id, day) DO UPDATE SET owner_id = EXCLUDED.owner_id, clicks = EXCLUDED.clicks, quarters = EXCLUDED.quarters
    )
    INSERT INTO link_click_bits AS t (link_id, dimension, value, day, country, bits)
    SELECT link_id, dimension, value, day, max(country),
           (string_agg(repeat('0', o - prev - 1) || '1', '' ORDER BY o) || repeat('0', max(n) - 1 - max(o)))::varbit
      FROM (SELECT link_id, day, d.dimension, d.value, d.country, o, n,
                   lag(o, 1, -1) OVER (PARTITION BY link_id, day, d.dimension, d.value ORDER BY o) AS prev
              FROM c CROSS JOIN LATERAL (VALUES ${VALUES}) AS d(dimension, value, country)) x
     GROUP BY link_id, dimension, value, day ORDER BY 1, 2, 3, 4
    ON CONFLICT (link_id, dimension, value, day) DO UPDATE SET bits = EXCLUDED.bits, country = EXCLUDED.country;
  $$;`;

/**
 * reopen_link_click_days(from_day, to_day): closed link-days made open ones, as the ingest keeps the days not rolled
 * up yet: a `quarter` bitmap per 15-minute quarter with clicks (its ordinals [quarters[q], quarters[q + 1])), then
 * `quarters` NULL. For the back-fill's open days, and for the bench putting yesterday back (bench/lib/end-of-day.js).
 */
const REOPEN = `
  CREATE FUNCTION reopen_link_click_days(from_day date, to_day date) RETURNS void LANGUAGE sql AS $$
    INSERT INTO link_click_bits (link_id, dimension, value, day, country, bits)
    SELECT d.link_id, 'quarter', (x.q - 1)::text, d.day, '', (repeat('0', x.lo) || repeat('1', x.hi - x.lo))::varbit
      FROM link_click_days d
     CROSS JOIN LATERAL (SELECT q, coalesce(d.quarters[q - 1], 0) AS lo, d.quarters[q] AS hi FROM generate_series(1, 96) q) x
     WHERE d.day >= from_day AND d.day < to_day AND d.quarters IS NOT NULL AND x.hi > x.lo
     ORDER BY 1, 2, 3, 4;
    UPDATE link_click_days SET quarters = NULL WHERE day >= from_day AND day < to_day;
  $$;`;

/**
 * Issue 33 (decision 0008, "Bitmaps of each link's day"): a per-link read under two click filters (performance and its
 * export, the trends' top links, the link breakdown, Link Analytics) or a read of three dimensions counted every
 * matching raw click of the range: 0.7-10 s at 11M clicks. Per-link pairs do not compress (149,000 rows a day for
 * 122,302 clicks), so each link-day's non-bot clicks are numbered and each value of the six one-dimension columns
 * gets the bitmap of its clicks' ordinals: a count under any filters is the bit count of their bitmaps ANDed, a
 * breakdown ANDs each value's bitmap too.
 *
 * link_click_days: (link_id, day) → owner, non-bot clicks (the ordinals used), `quarters`; link_click_bits:
 * (link_id, dimension, value, day) → bits, and the country's name on country rows; second index
 * (link_id, dimension, day) for a breakdown of every value over a range. Room for HOT updates as every table the
 * ingest upserts (docs/contributing.md#add-a-rollup): `bench:ingest-sql` 103–104 → 88–93 µs per click with it.
 * - A closed day (before rollup_days.rolled_before) is numbered in (clicked_at, id) order, every bitmap as long as the
 *   day's clicks, and `quarters[k]` is the clicks of its first k 15-minute quarters: the edge of a range or a local
 *   day is an ordinal interval. The day roll-up builds it (build_link_click_bits), the ingest rebuilds a link-day a
 *   late click lands in (the ordinals move).
 * - An open day is numbered in arrival order by the ingest, which appends each batch's ordinals to the bitmaps of the
 *   values it has (a bitmap ends at its last click: reads pad it to the day's clicks), `quarters` NULL and one more
 *   dimension, `quarter` ('0'-'95'), whose bitmaps give the edges.
 * deleteClickData drops a deleted link's rows. Back-filled here from the stored clicks, every day: the open days
 * built as closed ones (time order is an arrival order) and then opened (reopen_link_click_days: their quarter rows
 * from `quarters`, which goes NULL), so the ingest appends to them.
 */
export class LinkClickBits1767063200000 implements MigrationInterface {
  name = 'LinkClickBits1767063200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE link_click_days (
        link_id  uuid NOT NULL,
        day      date NOT NULL,
        owner_id uuid NOT NULL,
        clicks   int NOT NULL,
        quarters int[],
        PRIMARY KEY (link_id, day)
      ) WITH (fillfactor = 70);
      CREATE INDEX link_click_days_by_day ON link_click_days (day);
      CREATE TABLE link_click_bits (
        link_id   uuid NOT NULL,
        dimension text NOT NULL,
        value     text NOT NULL,
        day       date NOT NULL,
        country   text NOT NULL,
        bits      varbit NOT NULL,
        PRIMARY KEY (link_id, dimension, value, day)
      ) WITH (fillfactor = 70);
      CREATE INDEX link_click_bits_by_day ON link_click_bits (link_id, dimension, day);
      ${BUILD}
      ${REOPEN}
    `);
    // Day by day (one day's clicks sort in memory), from the first stored click to the first day left open.
    await q.query(`SET LOCAL work_mem = '256MB'`);
    const days: { day: string }[] = await q.query(
      `SELECT d::date::text AS day
         FROM generate_series(((SELECT min(clicked_at) FROM clicks) AT TIME ZONE 'UTC')::date,
                              (SELECT max(clicked_at) FROM clicks) AT TIME ZONE 'UTC', interval '1 day') AS d`,
    );
    for (const { day } of days) await q.query(`SELECT build_link_click_bits($1::date, $1::date + 1, NULL)`, [day]);
    await q.query(`SELECT reopen_link_click_days(rolled_before, 'infinity') FROM rollup_days`);
    // Statistics at once: the first filtered reads should not wait for autovacuum to plan.
    await q.query(`ANALYZE link_click_days`);
    await q.query(`ANALYZE link_click_bits`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP FUNCTION reopen_link_click_days(date, date);
      DROP FUNCTION build_link_click_bits(date, date, uuid[]);
      DROP TABLE link_click_bits;
      DROP TABLE link_click_days;
    `);
  }
}
