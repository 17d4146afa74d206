import type { MigrationInterface, QueryRunner } from 'typeorm';

/** This migration's frozen list of the dimensions (rollup-manifest's OWNER_DIMENSIONS when it shipped). */
const DIMENSIONS = ['country_code', 'device', 'browser', 'os', 'referrer', 'language'].map((d) => `'${d}'`).join(', ');

/** The link-months holding a closed link-day of [from_day, to_day) (of `links`, or every link when NULL). */
const TOUCHED = `(SELECT DISTINCT link_id, date_trunc('month', day)::date AS month FROM link_click_days
   WHERE day >= from_day AND day < to_day AND quarters IS NOT NULL AND (links IS NULL OR link_id = ANY(links)))`;

/**
 * The closed link-days of the touched months: `start` the clicks of the month's closed days before it (its first
 * ordinal in the month), `n` its own. A closed day has `quarters`; an open one (the ingest's, or one reopened) has none.
 */
const DAYS = `(SELECT d.link_id, d.owner_id, t.month, d.day, d.clicks AS n,
         (sum(d.clicks) OVER (PARTITION BY d.link_id, t.month ORDER BY d.day) - d.clicks)::int AS start
    FROM ${TOUCHED} t
    JOIN link_click_days d ON d.link_id = t.link_id AND d.day >= t.month AND d.day < (t.month + interval '1 month')::date
   WHERE d.quarters IS NOT NULL)`;

/**
 * build_link_click_months(from_day, to_day, links): rebuilds, from the closed day rows, each month of a link that
 * holds a closed day of [from_day, to_day). A month's ordinals are its closed days' laid end to end (the day order,
 * then each day's own time order), so a value's month bitmap is its day bitmaps concatenated, the gaps of the days
 * it is absent from as zeros; it ends at its last click (reads pad it to `cum[31]`, the month's closed clicks).
 */
const BUILD = `
  CREATE OR REPLACE FUNCTION build_link_click_months(from_day date, to_day date, links uuid[]) RETURNS void LANGUAGE sql AS $$
    DELETE FROM link_click_month_bits b USING ${TOUCHED} t WHERE b.link_id = t.link_id AND b.month = t.month;
    DELETE FROM link_click_months m USING ${TOUCHED} t WHERE m.link_id = t.link_id AND m.month = t.month;
    INSERT INTO link_click_months (link_id, month, owner_id, cum)
    SELECT link_id, month, (array_agg(owner_id))[1], array_agg(running ORDER BY dom)
      FROM (SELECT k.link_id, k.month, k.owner_id, g.dom, (sum(coalesce(d.n, 0)) OVER (PARTITION BY k.link_id, k.month ORDER BY g.dom))::int AS running
              FROM (SELECT link_id, month, (array_agg(owner_id))[1] AS owner_id FROM ${DAYS} x GROUP BY 1, 2) k
             CROSS JOIN generate_series(1, 31) AS g(dom)
              LEFT JOIN ${DAYS} d ON d.link_id = k.link_id AND d.month = k.month AND extract(day FROM d.day)::int = g.dom) c
     GROUP BY link_id, month ORDER BY 1, 2;
    INSERT INTO link_click_month_bits (link_id, dimension, value, month, country, bits)
    SELECT link_id, dimension, value, month, max(country), string_agg(piece, '' ORDER BY day)::varbit
      FROM (SELECT b.link_id, b.dimension, b.value, d.month, d.day, b.country,
                   repeat('0', d.start - coalesce(lag(d.start + d.n) OVER w, 0)) || b.bits::text AS piece
              FROM ${DAYS} d
              JOIN link_click_bits b ON b.link_id = d.link_id AND b.day = d.day AND b.dimension IN (${DIMENSIONS})
            WINDOW w AS (PARTITION BY b.link_id, b.dimension, b.value, d.month ORDER BY d.day)) p
     GROUP BY link_id, dimension, value, month ORDER BY 1, 2, 3, 4;
  $$;`;

/**
 * build_link_click_bits stays what the day roll-up and a late click's rebuild call: LinkClickCounts' function, renamed
 * build_link_click_day_bits, then the months of the link-days it built.
 */
const WRAP = `
  ALTER FUNCTION build_link_click_bits(date, date, uuid[]) RENAME TO build_link_click_day_bits;
  CREATE FUNCTION build_link_click_bits(from_day date, to_day date, links uuid[]) RETURNS void LANGUAGE sql AS $$
    SELECT build_link_click_day_bits(from_day, to_day, links);
    SELECT build_link_click_months(from_day, to_day, links);
  $$;`;

/**
 * Issue 33 (decision 0008, "Each link's month as one bitmap"): a per-link read under two click filters ANDed each
 * filter's bitmaps one link-day at a time: performance's all-time total under `country&device` read 6,000
 * link_click_bits rows per filter (100 links × 60 days) on the 11M-click bench database, and the rows themselves
 * cost, whichever index read them (docs/performance-history.md, "The machine's pace"). The closed days of each link's
 * UTC month now also lie end to end as one bitmap per value: `link_click_months` (link_id, month → owner, `cum[d]` the
 * closed clicks of days 1..d, 31 entries) and `link_click_month_bits` (link_id, dimension, value, month → bits, the
 * country's name on country rows), so whole closed days a..b of a month are the ordinal interval
 * [cum[a-1], cum[b]) of one row per link, month and filter. Stored inline (STORAGE MAIN): a month of a few tens of
 * thousands of clicks stays in the row instead of TOAST. build_link_click_bits (the day roll-up's and a late click's
 * rebuild) builds them after the days; back-filled here from the closed days.
 */
export class LinkClickMonths1767063900000 implements MigrationInterface {
  name = 'LinkClickMonths1767063900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE link_click_months (
        link_id uuid NOT NULL, month date NOT NULL, owner_id uuid NOT NULL, cum int[] NOT NULL,
        PRIMARY KEY (link_id, month)
      ) WITH (fillfactor = 70);
      CREATE TABLE link_click_month_bits (
        link_id uuid NOT NULL, dimension text NOT NULL, value text NOT NULL, month date NOT NULL,
        country text NOT NULL, bits varbit NOT NULL,
        PRIMARY KEY (link_id, dimension, value, month)
      ) WITH (fillfactor = 70);
      ALTER TABLE link_click_month_bits ALTER COLUMN bits SET STORAGE MAIN;
      ${BUILD}
      ${WRAP}
    `);
    await q.query(`SELECT build_link_click_months('-infinity', 'infinity', NULL)`);
    await q.query(`ANALYZE link_click_months, link_click_month_bits`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP FUNCTION build_link_click_bits(date, date, uuid[]);
      ALTER FUNCTION build_link_click_day_bits(date, date, uuid[]) RENAME TO build_link_click_bits;
      DROP FUNCTION build_link_click_months(date, date, uuid[]);
      DROP TABLE link_click_month_bits, link_click_months;`);
  }
}
