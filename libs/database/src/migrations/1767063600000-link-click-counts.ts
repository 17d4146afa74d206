import type { MigrationInterface, QueryRunner } from 'typeorm';

/** This migration's frozen list of the dimensions (rollup-manifest's OWNER_DIMENSIONS when it shipped). */
const DIMENSIONS = ['country_code', 'device', 'browser', 'os', 'referrer', 'language'];
const VALUES = DIMENSIONS.map((d) => `('${d}', ${d}, ${d === 'country_code' ? 'country' : `''`})`).join(', ');
const spelled = (c: string) => `coalesce(${c}, '') AS ${c}`;
const midnight = (day: string) => `(${day})::timestamp AT TIME ZONE 'UTC'`;
const DAY_OF = `(clicked_at AT TIME ZONE 'UTC')::date`;

/**
 * build_link_click_bits as migration LinkClickBits made it, and with `counts` each closed row's `clicks` (its
 * bitmap's bit count) written beside its bits.
 */
const build = (counts: boolean) => `
  CREATE OR REPLACE FUNCTION build_link_click_bits(from_day date, to_day date, links uuid[]) RETURNS void LANGUAGE sql AS $$
    DELETE FROM link_click_bits WHERE link_id = ANY(links) AND dimension = ANY(ARRAY[${DIMENSIONS.map((d) => `'${d}'`).join(', ')}])
       AND day >= from_day AND day < to_day;
    DELETE FROM link_click_days WHERE link_id = ANY(links) AND day >= from_day AND day < to_day;
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
    INSERT INTO link_click_bits AS t (link_id, dimension, value, day, country, bits${counts ? ', clicks' : ''})
    SELECT link_id, dimension, value, day, max(country),
           (string_agg(repeat('0', o - prev - 1) || '1', '' ORDER BY o) || repeat('0', max(n) - 1 - max(o)))::varbit${counts ? ', count(*)::int' : ''}
      FROM (SELECT link_id, day, d.dimension, d.value, d.country, o, n,
                   lag(o, 1, -1) OVER (PARTITION BY link_id, day, d.dimension, d.value ORDER BY o) AS prev
              FROM c CROSS JOIN LATERAL (VALUES ${VALUES}) AS d(dimension, value, country)) x
     GROUP BY link_id, dimension, value, day ORDER BY 1, 2, 3, 4
    ON CONFLICT (link_id, dimension, value, day) DO UPDATE SET bits = EXCLUDED.bits, country = EXCLUDED.country${counts ? ', clicks = EXCLUDED.clicks' : ''};
  $$;`;

/** reopen_link_click_days as migration LinkClickBits made it, and with `counts` the reopened rows' `clicks` NULL. */
const reopen = (counts: boolean) => `
  CREATE OR REPLACE FUNCTION reopen_link_click_days(from_day date, to_day date) RETURNS void LANGUAGE sql AS $$
    INSERT INTO link_click_bits (link_id, dimension, value, day, country, bits)
    SELECT d.link_id, 'quarter', (x.q - 1)::text, d.day, '', (repeat('0', x.lo) || repeat('1', x.hi - x.lo))::varbit
      FROM link_click_days d
     CROSS JOIN LATERAL (SELECT q, coalesce(d.quarters[q - 1], 0) AS lo, d.quarters[q] AS hi FROM generate_series(1, 96) q) x
     WHERE d.day >= from_day AND d.day < to_day AND d.quarters IS NOT NULL AND x.hi > x.lo
     ORDER BY 1, 2, 3, 4;
    UPDATE link_click_days SET quarters = NULL WHERE day >= from_day AND day < to_day;
    ${counts ? 'UPDATE link_click_bits SET clicks = NULL WHERE day >= from_day AND day < to_day AND clicks IS NOT NULL;' : ''}
  $$;`;

/**
 * Issue 33 (decision 0008, "Counts beside the bitmaps"): a per-link read under one click filter (performance and its
 * export under a country, a referrer or a language, the trends' top links, the link breakdown) counted the bits of
 * one bitmap per link-day, and fetched each from the heap: the rows of one link and value lie one closed day apart
 * (each day's are written when it is rolled up), so 100 links over 90 days read about 9,000 heap pages for one
 * value. Each closed row now also holds `clicks`, its bitmap's bit count, and the primary key INCLUDEs it (and the
 * country's name): a whole closed day of one dimension is then an index-only read of the key's range, with no
 * bitmap. A bitmap itself cannot go into the index (a link-day of more than about 21,000 clicks of one value would
 * make an index row too large), so reads that AND two bitmaps still fetch them.
 *
 * `clicks` is NULL on an open day's rows: the ingest appends to their bits without touching it, so their updates stay
 * HOT (no key or INCLUDEd column changes). build_link_click_bits writes it when a day closes or a late click's
 * link-day is rebuilt; reopen_link_click_days (the back-fill's open days, the bench's end-of-day) clears it. Filled
 * here for the closed days, under the migration's lock while the ingest waits (its jobs stay queued).
 */
export class LinkClickCounts1767063600000 implements MigrationInterface {
  name = 'LinkClickCounts1767063600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE link_click_bits ADD COLUMN clicks int`);
    await q.query(build(true));
    await q.query(reopen(true));
    await q.query(
      `UPDATE link_click_bits SET clicks = bit_count(bits) WHERE dimension <> 'quarter' AND day < (SELECT rolled_before FROM rollup_days)`,
    );
    await q.query(`CREATE UNIQUE INDEX link_click_bits_key ON link_click_bits (link_id, dimension, value, day) INCLUDE (country, clicks)`);
    await q.query(
      `ALTER TABLE link_click_bits DROP CONSTRAINT link_click_bits_pkey, ADD CONSTRAINT link_click_bits_pkey PRIMARY KEY USING INDEX link_click_bits_key`,
    );
    await q.query(`ANALYZE link_click_bits`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(build(false));
    await q.query(reopen(false));
    await q.query(`ALTER TABLE link_click_bits DROP CONSTRAINT link_click_bits_pkey`);
    await q.query(`ALTER TABLE link_click_bits DROP COLUMN clicks`);
    await q.query(`ALTER TABLE link_click_bits ADD PRIMARY KEY (link_id, dimension, value, day)`);
  }
}
