import {
  OWNER_PAIR_KEY,
  OWNER_PAIR_ORDER,
  openLinkBitsRowsSql,
  ownerDimensionValuesSql,
  ownerPairBucketRowsSql,
  ownerPairRowsSql,
  quarterOfDaySql,
} from '../rollups/rollup-manifest.js';

/**
 * The whole ingest of a batch as ONE statement: the click insert and every rollup, aggregated by Postgres from the
 * rows the insert really returned (`RETURNING`), so a click delivered twice counts once: the first delivery's
 * statement fails on a stored click, the redelivery's skips it (the two statements at the end of this file).
 * Parameters $1..$18 are the click columns as array literals, rows sorted by id, owners already resolved; $19 is the
 * first day the per-day tables do not hold yet (rollup_days, migration DaysRolledUp): they count only the clicks of
 * the days before it, late clicks of a day already rolled up. The day roll-up fills in the others once their day has
 * closed.
 *
 * Lock order. Postgres runs the data-modifying CTEs that the final SELECT does not read AFTER it, in REVERSE order
 * of the list. So the execution order is: clicks (read by the final SELECT), ip_activity, geography, technology,
 * languages, per-link buckets, the click bitmaps (link_click_days, then link_click_bits), link_stats, ips, owner_dims_15m, owner_pairs_open, owner_pairs_daily. Rows inside each upsert come ordered by their conflict key. The
 * per-link rows come first, the hottest of them (one link_stats row per link) last, so a concurrent batch on the same
 * links waits for them only until this transaction ends; the order is the one deleteClickData (rollups/) uses. The
 * rows batches of DIFFERENT links share come at the very end: ips, owner_dims_15m and the pairs (the per-owner
 * rollups written here, as the language is in no per-link table: owner_pairs_open for the days not rolled up yet,
 * owner_pairs_daily for late clicks), then the per-owner rollups that follow from their statement
 * triggers on the per-link tables (migration OwnerRollups) and fire when the statement ends. So two transactions
 * over disjoint links (the worker's ingest lanes) run side by side until then.
 *
 * Semantics kept from the rollup definitions (docs/architecture.md#rollups-why-15-minute-buckets): bucket = UTC 15-minute floor, day = UTC date,
 * unknown geography / technology / direct referrer = ''; technology is one row per combination of browser, os,
 * device and referrer (migration TechCombinations); languages are one row per language, '' for unknown (migration
 * LinkLanguages); owner_pairs_open one row per pair of OWNER_DIMENSIONS (and per place with each other dimension,
 * migration OwnerPlacePairs) and 15-minute bucket for the days not rolled up yet, owner_pairs_daily one per pair and
 * UTC day for late clicks (migrations OwnerPairs, OwnerPairsOpenDays: the day roll-up moves the rest); an open day's clicks numbered in
 * arrival order after the link-day's earlier ones (link_click_days counts them, RETURNING the new total) and appended
 * to the bitmaps of their values and quarters in link_click_bits (migration LinkClickBits: the day roll-up renumbers
 * a closed day in time order; a late click's link-day is rebuilt after this statement, rebuildLateLinkDays). ip_activity and ips take referrer and place from the
 * batch's newest click of the row (ties: the greatest click id) and only when it is newer than the stored one.
 * Text sort keys use the "C" collation (byte order: any fixed order serves for locking, and it sorts far faster).
 */
const statement = (onConflict: string) => `
WITH ins AS (
  INSERT INTO clicks (id, link_id, owner_id, clicked_at, ip, country_code, country, region, city,
                      browser, os, device, referrer, user_agent, host, is_bot, variant, language)
  SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::timestamptz[], $5::text[], $6::text[], $7::text[],
                       $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[],
                       $15::text[], $16::boolean[], $17::smallint[], $18::text[])
  ${onConflict}
  RETURNING id, link_id, owner_id, clicked_at, ip, country_code, country, region, city, browser, os, device, referrer, language, is_bot
),
c AS MATERIALIZED (
  SELECT id, link_id, owner_id, clicked_at,
         date_bin('15 minutes', clicked_at, timestamptz 'epoch') AS bucket,
         (clicked_at AT TIME ZONE 'UTC')::date AS day, ${quarterOfDaySql('clicked_at')} AS quarter,
         ip COLLATE "C" AS ip, referrer AS last_referrer,
         country_code AS last_country_code, country AS last_country, region AS last_region, city AS last_city,
         coalesce(country_code, '') COLLATE "C" AS country_code, coalesce(country, '') AS country,
         coalesce(region, '') COLLATE "C" AS region, coalesce(city, '') COLLATE "C" AS city,
         coalesce(browser, '') COLLATE "C" AS browser, coalesce(os, '') COLLATE "C" AS os,
         coalesce(device, '') COLLATE "C" AS device, coalesce(referrer, '') COLLATE "C" AS referrer,
         coalesce(language, '') COLLATE "C" AS language
  FROM ins
  WHERE NOT is_bot -- bot clicks are stored (flagged) but counted nowhere (docs/product.md#link-controls)
),
u_owner_pairs AS (
  INSERT INTO owner_pairs_daily AS t (${OWNER_PAIR_KEY}, day, country, clicks, quarters)
  ${ownerPairRowsSql('SELECT * FROM c WHERE day < $19::date')}
  ORDER BY ${OWNER_PAIR_ORDER('day')}
  ON CONFLICT (${OWNER_PAIR_KEY}, day) DO UPDATE SET clicks = t.clicks + EXCLUDED.clicks,
    quarters = add_quarters(t.quarters, EXCLUDED.quarters), country = EXCLUDED.country
),
u_owner_pairs_open AS (
  INSERT INTO owner_pairs_open AS t (${OWNER_PAIR_KEY}, bucket, country, clicks)
  ${ownerPairBucketRowsSql('SELECT * FROM c WHERE day >= $19::date')}
  ORDER BY ${OWNER_PAIR_ORDER('bucket')}
  ON CONFLICT (${OWNER_PAIR_KEY}, bucket) DO UPDATE SET clicks = t.clicks + EXCLUDED.clicks
),
u_owner_dims AS (
  INSERT INTO owner_dims_15m AS t (owner_id, dimension, value, bucket, clicks)
  SELECT owner_id, d.dimension, d.value, bucket, count(*)
  FROM c CROSS JOIN LATERAL (${ownerDimensionValuesSql()}) AS d(dimension, value)
  GROUP BY owner_id, d.dimension, d.value, bucket ORDER BY owner_id, d.dimension, d.value, bucket
  ON CONFLICT (owner_id, dimension, value, bucket) DO UPDATE SET clicks = t.clicks + EXCLUDED.clicks
),
u_ips AS (
  INSERT INTO ips AS t (ip, first_seen, last_seen, click_count, country_code, country, city)
  SELECT DISTINCT ON (ip) ip, min(clicked_at) OVER w, clicked_at, count(*) OVER w, last_country_code, last_country, last_city
  FROM c
  WINDOW w AS (PARTITION BY ip ORDER BY clicked_at DESC, id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
  ORDER BY ip, clicked_at DESC, id DESC
  ON CONFLICT (ip) DO UPDATE SET
    first_seen = LEAST(t.first_seen, EXCLUDED.first_seen), click_count = t.click_count + EXCLUDED.click_count,
    country_code = CASE WHEN EXCLUDED.last_seen >= t.last_seen THEN EXCLUDED.country_code ELSE t.country_code END,
    country = CASE WHEN EXCLUDED.last_seen >= t.last_seen THEN EXCLUDED.country ELSE t.country END,
    city = CASE WHEN EXCLUDED.last_seen >= t.last_seen THEN EXCLUDED.city ELSE t.city END,
    last_seen = GREATEST(t.last_seen, EXCLUDED.last_seen)
),
u_link_stats AS (
  INSERT INTO link_stats AS t (link_id, owner_id, click_count, last_click_at)
  SELECT link_id, owner_id, count(*), max(clicked_at) FROM c GROUP BY link_id, owner_id ORDER BY link_id
  ON CONFLICT (link_id) DO UPDATE SET click_count = t.click_count + EXCLUDED.click_count,
    last_click_at = GREATEST(t.last_click_at, EXCLUDED.last_click_at)
),
u_bit_days AS (
  INSERT INTO link_click_days AS t (link_id, day, owner_id, clicks)
  SELECT link_id, day, owner_id, count(*) FROM c WHERE day >= $19::date GROUP BY link_id, day, owner_id ORDER BY link_id, day
  ON CONFLICT (link_id, day) DO UPDATE SET clicks = t.clicks + EXCLUDED.clicks
  RETURNING link_id, day, clicks
),
u_link_bits AS (
  INSERT INTO link_click_bits AS t (link_id, dimension, value, day, country, bits)
  ${openLinkBitsRowsSql(`SELECT c.*, b.clicks - count(*) OVER w + row_number() OVER (w ORDER BY c.clicked_at, c.id) - 1 AS o
      FROM c JOIN u_bit_days b ON b.link_id = c.link_id AND b.day = c.day WINDOW w AS (PARTITION BY c.link_id, c.day)`)}
  ORDER BY link_id, dimension, value, day
  ON CONFLICT (link_id, dimension, value, day) DO UPDATE SET bits = t.bits || substring(EXCLUDED.bits FROM length(t.bits) + 1)
),
u_clicks_daily AS (
  INSERT INTO link_clicks_daily AS t (link_id, owner_id, day, clicks)
  SELECT link_id, owner_id, day, count(*) FROM c WHERE day < $19::date GROUP BY link_id, owner_id, day ORDER BY link_id, day
  ON CONFLICT (link_id, day) DO UPDATE SET clicks = t.clicks + EXCLUDED.clicks
),
u_clicks_15m AS (
  INSERT INTO link_clicks_15m AS t (link_id, owner_id, bucket, clicks)
  SELECT link_id, owner_id, bucket, count(*) FROM c GROUP BY link_id, owner_id, bucket ORDER BY link_id, bucket
  ON CONFLICT (link_id, bucket) DO UPDATE SET clicks = t.clicks + EXCLUDED.clicks
),
u_lang_daily AS (
  INSERT INTO link_lang_daily AS t (link_id, owner_id, day, language, clicks)
  SELECT link_id, owner_id, day, language, count(*) FROM c WHERE day < $19::date
  GROUP BY link_id, owner_id, day, language ORDER BY link_id, day, language
  ON CONFLICT (link_id, day, language) DO UPDATE SET clicks = t.clicks + EXCLUDED.clicks
),
u_lang_15m AS (
  INSERT INTO link_lang_15m AS t (link_id, owner_id, bucket, language, clicks)
  SELECT link_id, owner_id, bucket, language, count(*) FROM c
  GROUP BY link_id, owner_id, bucket, language ORDER BY link_id, bucket, language
  ON CONFLICT (link_id, bucket, language) DO UPDATE SET clicks = t.clicks + EXCLUDED.clicks
),
u_tech_daily AS (
  INSERT INTO link_tech_daily AS t (link_id, owner_id, day, browser, os, device, referrer, clicks)
  SELECT link_id, owner_id, day, browser, os, device, referrer, count(*) FROM c WHERE day < $19::date
  GROUP BY link_id, owner_id, day, browser, os, device, referrer ORDER BY link_id, day, browser, os, device, referrer
  ON CONFLICT (link_id, day, browser, os, device, referrer) DO UPDATE SET clicks = t.clicks + EXCLUDED.clicks
),
u_tech_15m AS (
  INSERT INTO link_tech_15m AS t (link_id, owner_id, bucket, browser, os, device, referrer, clicks)
  SELECT link_id, owner_id, bucket, browser, os, device, referrer, count(*) FROM c
  GROUP BY link_id, owner_id, bucket, browser, os, device, referrer ORDER BY link_id, bucket, browser, os, device, referrer
  ON CONFLICT (link_id, bucket, browser, os, device, referrer) DO UPDATE SET clicks = t.clicks + EXCLUDED.clicks
),
u_geo_daily AS (
  INSERT INTO link_geo_daily AS t (link_id, owner_id, day, country_code, country, region, city, clicks)
  SELECT link_id, owner_id, day, country_code, max(country), region, city, count(*) FROM c WHERE day < $19::date
  GROUP BY link_id, owner_id, day, country_code, region, city ORDER BY link_id, day, country_code, region, city
  ON CONFLICT (link_id, day, country_code, region, city) DO UPDATE SET clicks = t.clicks + EXCLUDED.clicks
),
u_geo_15m AS (
  INSERT INTO link_geo_15m AS t (link_id, owner_id, bucket, country_code, country, region, city, clicks)
  SELECT link_id, owner_id, bucket, country_code, max(country), region, city, count(*) FROM c
  GROUP BY link_id, owner_id, bucket, country_code, region, city ORDER BY link_id, bucket, country_code, region, city
  ON CONFLICT (link_id, bucket, country_code, region, city) DO UPDATE SET clicks = t.clicks + EXCLUDED.clicks
),
u_ip_activity AS (
  INSERT INTO ip_activity AS t (ip, link_id, owner_id, first_seen, last_seen, click_count, last_referrer,
                                country_code, country, region, city)
  SELECT DISTINCT ON (ip, link_id) ip, link_id, owner_id, min(clicked_at) OVER w, clicked_at, count(*) OVER w,
         last_referrer, last_country_code, last_country, last_region, last_city
  FROM c
  WINDOW w AS (PARTITION BY ip, link_id ORDER BY clicked_at DESC, id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
  ORDER BY ip, link_id, clicked_at DESC, id DESC
  ON CONFLICT (ip, link_id) DO UPDATE SET
    first_seen = LEAST(t.first_seen, EXCLUDED.first_seen), click_count = t.click_count + EXCLUDED.click_count,
    last_referrer = CASE WHEN EXCLUDED.last_seen >= t.last_seen THEN EXCLUDED.last_referrer ELSE t.last_referrer END,
    country_code = CASE WHEN EXCLUDED.last_seen >= t.last_seen THEN EXCLUDED.country_code ELSE t.country_code END,
    country = CASE WHEN EXCLUDED.last_seen >= t.last_seen THEN EXCLUDED.country ELSE t.country END,
    region = CASE WHEN EXCLUDED.last_seen >= t.last_seen THEN EXCLUDED.region ELSE t.region END,
    city = CASE WHEN EXCLUDED.last_seen >= t.last_seen THEN EXCLUDED.city ELSE t.city END,
    last_seen = GREATEST(t.last_seen, EXCLUDED.last_seen)
)
SELECT link_id, (count(*) FILTER (WHERE NOT is_bot))::int AS clicks, max(clicked_at) AS last_click, string_agg(id::text, ',') AS ids
FROM ins GROUP BY link_id ORDER BY link_id`;

/**
 * A first delivery, the usual case: a plain insert. A click stored before makes it fail with unique_violation
 * (23505) on clicks_pkey, and the ingest runs again with REDELIVERY_STATEMENT. `bench:ingest-sql`, 8 alternating
 * pairs: the arbiter check of ON CONFLICT (a probe of the index, then a speculative insert confirmed row by row) cost
 * 5.2 µs of Postgres CPU per click (45.2 → 40.0 µs), about 12 % of the statement. Postgres logs each such failed first try as an ERROR
 * (duplicate key value violates unique constraint "…_pkey"): the mark of a redelivery, not a fault.
 */
export const INGEST_STATEMENT = statement('');

/**
 * A redelivery (a retried job, a job run twice after a stall): the clicks stored before are skipped, and the rollups
 * count only the rows the insert returned. (id, clicked_at): clicks is partitioned; both are fixed in the job
 * (PartitionedClicks migration).
 */
export const REDELIVERY_STATEMENT = statement('ON CONFLICT (id, clicked_at) DO NOTHING');
