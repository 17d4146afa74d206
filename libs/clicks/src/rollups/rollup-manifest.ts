/**
 * THE list of tables the click log feeds, besides the log itself: every rollup the ingest statement writes and every
 * one a statement trigger keeps from them. Everything that must name them all reads it here: the deletion of a
 * link's or owner's click data (`deleteClickData`), the analytics read side (`ROLLUP_FAMILIES`), the storage
 * benchmark (bench/footprint.js), the rollup tests (fillfactor, worker totals) and the table-ownership test, which
 * counts a file that uses this manifest as naming its tables. Add a rollup here when you add it
 * (docs/contributing.md#add-a-rollup); migrations keep their own frozen lists (a shipped migration never changes).
 */

/** The raw click log (partitioned by month), keyed by (id, clicked_at). */
export const CLICK_LOG = 'clicks';

export interface RollupTable {
  /**
   * What one row counts for, and so how a deletion finds it: `link` rows carry link_id (and most owner_id), `owner` rows
   * owner_id only, `all` rows count every owner's visitors together (the admin's IP Analytics; kept by triggers on
   * `ips`, so they follow its rows).
   */
  per: 'link' | 'owner' | 'all';
  /** The share of each page filled on insert (room for HOT updates of the same rows); null: the default, full. */
  fillfactor: number | null;
}

export const ROLLUP_TABLES = {
  link_stats: { per: 'link', fillfactor: 70 },
  link_clicks_15m: { per: 'link', fillfactor: 70 },
  link_clicks_daily: { per: 'link', fillfactor: 70 },
  link_geo_15m: { per: 'link', fillfactor: 70 },
  link_geo_daily: { per: 'link', fillfactor: 70 },
  /**
   * link_geo_daily per month, cumulative by day of the month (as owner_geo_monthly): the geography under a link
   * filter, one row per place and month (migration LinkGeoMonthly). Kept by statement triggers on link_geo_daily.
   */
  link_geo_monthly: { per: 'link', fillfactor: 50 },
  link_tech_15m: { per: 'link', fillfactor: 70 },
  link_tech_daily: { per: 'link', fillfactor: 70 },
  /** Clicks per language ('' for unknown): Link Analytics' language breakdown (migration LinkLanguages). */
  link_lang_15m: { per: 'link', fillfactor: 70 },
  link_lang_daily: { per: 'link', fillfactor: 70 },
  /**
   * The closed days' clicks per value of each of OWNER_DIMENSIONS, per month, cumulative by day of the month (as
   * link_geo_monthly): one click dimension under a link filter, one row per value and month (migration
   * LinkDimsMonthly). Kept by statement triggers on link_geo_daily, link_tech_daily and link_lang_daily, so listed
   * after them: deleteClickData deletes in this order, and their triggers take a link's rows to zero first.
   */
  link_dims_monthly: { per: 'link', fillfactor: 50 },
  /**
   * Each link-day's non-bot clicks, numbered (ordinals), and per value of OWNER_DIMENSIONS the bitmap of its clicks'
   * ordinals: per-link reads under several click filters (migration LinkClickBits, decision 0008 "Bitmaps of each
   * link's day"). The ingest numbers an open day's clicks in arrival order (openLinkBitsRowsSql, with a `quarter`
   * dimension for time); the day roll-up renumbers a closed day in time order (SQL build_link_click_bits), the ingest
   * again for a link-day a late click lands in (rebuildLateLinkDays).
   */
  link_click_days: { per: 'link', fillfactor: 70 },
  link_click_bits: { per: 'link', fillfactor: 70 },
  /**
   * The closed days of each link's UTC month laid end to end: `cum[d]` its closed clicks of days 1..d, and per value
   * the day bitmaps concatenated (migration LinkClickMonths, decision 0008 "Each link's month as one bitmap"), so
   * whole closed days under several filters read one row per link, month and filter. Rebuilt from link_click_days
   * and link_click_bits wherever those are (SQL build_link_click_months, after build_link_click_bits).
   */
  link_click_months: { per: 'link', fillfactor: 70 },
  link_click_month_bits: { per: 'link', fillfactor: 70 },
  /** One row per (ip, link): Recent IP Activity. Deleting it also takes its clicks off `ips`. */
  ip_activity: { per: 'link', fillfactor: 70 },
  /** Kept by statement triggers on the per-link tables and on ip_activity (migration OwnerRollups and later). */
  owner_clicks_15m: { per: 'owner', fillfactor: 70 },
  owner_clicks_daily: { per: 'owner', fillfactor: 70 },
  owner_geo_15m: { per: 'owner', fillfactor: 70 },
  /** Cumulative per day of the month: wide rows, updated by every click of the month. */
  owner_geo_monthly: { per: 'owner', fillfactor: 50 },
  /**
   * owner_geo_15m summed per UTC day, for the days not rolled up yet only (the day so far: migration OwnerGeoOpenDays);
   * kept by a trigger on owner_geo_15m, emptied of each day the day roll-up closes.
   */
  owner_geo_open_days: { per: 'owner', fillfactor: 70 },
  owner_ip_seen_daily: { per: 'owner', fillfactor: null },
  /**
   * One row per (owner, dimension, value, 15-minute bucket), the dimensions of OWNER_DIMENSIONS: a filtered read
   * over one of them (decision 0008). Written by the ingest statement itself (no per-link trigger feeds it);
   * a deleted link's clicks are taken off by deleteClickData.
   */
  owner_dims_15m: { per: 'owner', fillfactor: 70 },
  /**
   * One row per (owner, pair of OWNER_DIMENSIONS, their two values, UTC day), with cumulative counts by quarter: a
   * read under two click filters, or a breakdown under a filter on another dimension (migration OwnerPairs, decision
   * 0008); and per place (country, region, city) and value of each other dimension (pairs `place+…`, migration
   * OwnerPlacePairs): a region or city under a click filter, a breakdown under a region or city. Closed days only:
   * the day roll-up moves them from owner_pairs_open, the ingest adds late clicks, deleteClickData takes a deleted
   * link's clicks off.
   */
  owner_pairs_daily: { per: 'owner', fillfactor: 70 },
  /** The same pairs per 15-minute bucket for the days not rolled up yet (migration OwnerPairsOpenDays). */
  owner_pairs_open: { per: 'owner', fillfactor: 70 },
  ips: { per: 'all', fillfactor: 70 },
  ip_places: { per: 'all', fillfactor: 70 },
  ip_first_seen_15m: { per: 'all', fillfactor: null },
  ip_seen_daily: { per: 'all', fillfactor: null },
} as const satisfies Record<string, RollupTable>;

export type RollupTableName = keyof typeof ROLLUP_TABLES;

/**
 * The click columns owner_dims_15m counts each click by, one row per column (spelled as the rollups
 * spell them: '' for unknown and direct). Decision 0008 measured why these.
 */
export const OWNER_DIMENSIONS = ['country_code', 'device', 'browser', 'os', 'referrer', 'language'] as const;

/**
 * `VALUES ('country_code', …), ('device', …), …`: a click's rows of owner_dims_15m, for
 * `CROSS JOIN LATERAL (${ownerDimensionValuesSql(...)}) AS d(dimension, value)`; `column` spells a click column
 * as '' for unknown (the ingest's rows already do).
 */
export function ownerDimensionValuesSql(column: (name: string) => string = (c) => c): string {
  return `VALUES ${OWNER_DIMENSIONS.map((d) => `('${d}', ${column(d)})`).join(', ')}`;
}

/** Every pair of OWNER_DIMENSIONS, in that order: owner_pairs_daily's `pair` is `${a}+${b}`. */
export const OWNER_DIMENSION_PAIRS: [OwnerDimension, OwnerDimension][] = OWNER_DIMENSIONS.flatMap((a, i) =>
  OWNER_DIMENSIONS.slice(i + 1).map((b): [OwnerDimension, OwnerDimension] => [a, b]),
);
export type OwnerDimension = (typeof OWNER_DIMENSIONS)[number];

/**
 * The dimensions counted with a click's whole place (country, region, city) in owner_pairs_daily, pair `place+${d}`
 * (migration OwnerPlacePairs, decision 0008 "Places by one other dimension"): every one but the country, which the
 * place holds.
 */
export const PLACE_PAIR_DIMENSIONS = OWNER_DIMENSIONS.filter((d) => d !== 'country_code');

const PAIR_COLUMNS = 'owner_id, pair, value_a, value_b';
const PLACE_COLUMNS = 'region, city';

/**
 * The columns that tell owner_pairs_daily's and owner_pairs_open's rows apart, besides the day or the bucket:
 * `region` and `city` are '' but in the `place+…` pairs (whose value_a is the country code).
 */
export const OWNER_PAIR_KEY = `${PAIR_COLUMNS}, ${PLACE_COLUMNS}`;

/**
 * The primary key's order of those columns and `at` (day or bucket): a pair's two values and a range of days are one
 * range of it, whether or not a read names region and city. The ingest and deleteClickData take their rows in it.
 */
export const OWNER_PAIR_ORDER = (at: 'day' | 'bucket') => `${PAIR_COLUMNS}, ${at}, ${PLACE_COLUMNS}`;

/**
 * `VALUES ('country_code+device', country_code, device, country, '', ''), …, ('place+device', country_code, device,
 * country, region, city), …`: a click's rows of owner_pairs_daily (pair, value_a, value_b, the country's name or '',
 * region, city), for `CROSS JOIN LATERAL (…) AS p(pair, value_a, value_b, country, region, city)`; `column` spells a
 * click column as '' for unknown (the ingest's rows already do).
 */
export function ownerPairValuesSql(column: (name: string) => string = (c) => c): string {
  const pairs = OWNER_DIMENSION_PAIRS.map(
    ([a, b]) => `('${a}+${b}', ${column(a)}, ${column(b)}, ${a === 'country_code' ? column('country') : `''`}, '', '')`,
  );
  const places = PLACE_PAIR_DIMENSIONS.map(
    (d) => `('place+${d}', ${column('country_code')}, ${column(d)}, ${column('country')}, ${column('region')}, ${column('city')})`,
  );
  return `VALUES ${[...pairs, ...places].join(', ')}`;
}

const PAIR_VALUES = (column: (name: string) => string) =>
  `CROSS JOIN LATERAL (${ownerPairValuesSql(column)}) AS p(pair, value_a, value_b, country, region, city)`;

/**
 * owner_pairs_open's rows of the clicks `from` selects (owner_id, bucket and the columns ownerPairValuesSql reads,
 * non-bot): per owner, pair, values and 15-minute bucket (OWNER_PAIR_KEY, bucket), the country's name and the clicks.
 */
export function ownerPairBucketRowsSql(from: string, column: (name: string) => string = (c) => c): string {
  return `SELECT owner_id, p.pair, p.value_a, p.value_b, p.region, p.city, bucket, max(p.country) AS country, count(*) AS clicks
    FROM (${from}) c ${PAIR_VALUES(column)}
   GROUP BY 1, 2, 3, 4, 5, 6, 7`;
}

/** The 15-minute quarter (0-95) of its UTC day that the timestamptz `column` falls in: owner_pairs_daily's index. */
export const quarterOfDaySql = (column: string) => `(floor(extract(epoch FROM ${column}))::bigint % 86400 / 900)::int`;

/**
 * owner_pairs_daily's rows of the clicks `from` selects (owner_id, day, quarter and the columns ownerPairValuesSql reads,
 * non-bot): per owner, pair, values and day (OWNER_PAIR_KEY, day), the clicks and their cumulative counts by quarter
 * (SQL function cumulative_quarters, migration OwnerPairs). `sign` '-' makes them the deltas that take those clicks off.
 */
export function ownerPairRowsSql(from: string, column: (name: string) => string = (c) => c, sign = ''): string {
  return `SELECT ${OWNER_PAIR_KEY}, day, max(country) AS country, ${sign}sum(n) AS clicks,
         cumulative_quarters(array_agg(quarter), array_agg(${sign}n)) AS quarters
    FROM (SELECT owner_id, p.pair, p.value_a, p.value_b, p.region, p.city, day, quarter, max(p.country) AS country, count(*) AS n
            FROM (${from}) c ${PAIR_VALUES(column)}
           GROUP BY 1, 2, 3, 4, 5, 6, 7, 8) g
   GROUP BY ${OWNER_PAIR_KEY}, day`;
}

/**
 * link_click_bits' rows of an open day for the clicks `from` selects (link_id, day, quarter, o their ordinal in the
 * link-day, and the columns of OWNER_DIMENSIONS and country, non-bot): per link, dimension (OWNER_DIMENSIONS and
 * `quarter`, '0'-'95'), value and day, the bitmap of the ordinals, from ordinal 0 to the last one set (migration
 * LinkClickBits: '0' gaps and '1' marks).
 */
export function openLinkBitsRowsSql(from: string): string {
  const values = [...OWNER_DIMENSIONS.map((d) => `('${d}', ${d}, ${d === 'country_code' ? 'country' : `''`})`), `('quarter', quarter::text, '')`];
  return `SELECT link_id, dimension, value, day, max(country) AS country,
         string_agg(repeat('0', (o - prev - 1)::int) || '1', '' ORDER BY o)::varbit AS bits
    FROM (SELECT link_id, day, d.dimension, d.value, d.country, o,
                 lag(o, 1, -1::bigint) OVER (PARTITION BY link_id, day, d.dimension, d.value ORDER BY o) AS prev
            FROM (${from}) c CROSS JOIN LATERAL (VALUES ${values.join(', ')}) AS d(dimension, value, country)) x
   GROUP BY link_id, dimension, value, day`;
}

/** The rollup tables counted per `per`, in the manifest's order. */
export function rollupTables(per: RollupTable['per']): RollupTableName[] {
  return (Object.keys(ROLLUP_TABLES) as RollupTableName[]).filter((t) => ROLLUP_TABLES[t].per === per);
}

/** The same counts at two grains: UTC 15-minute buckets (`quarter`) and UTC days (`daily`, decision 0007). */
export interface RollupFamily {
  quarter: RollupTableName;
  daily: RollupTableName;
}

/** The families the dashboards read through a time range (libs/analytics/src/rollup-range.ts). */
export const ROLLUP_FAMILIES = {
  linkClicks: { quarter: 'link_clicks_15m', daily: 'link_clicks_daily' },
  linkGeo: { quarter: 'link_geo_15m', daily: 'link_geo_daily' },
  linkTech: { quarter: 'link_tech_15m', daily: 'link_tech_daily' },
  linkLang: { quarter: 'link_lang_15m', daily: 'link_lang_daily' },
  ownerClicks: { quarter: 'owner_clicks_15m', daily: 'owner_clicks_daily' },
} as const satisfies Record<string, RollupFamily>;
