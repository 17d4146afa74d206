import { OWNER_DIMENSIONS } from '@app/clicks';
import type { ClickFilters } from '@app/contracts';
import type { Zone } from '@app/time';
import { ROLLUPS, localDateExpr, type FamilyTables, localDaySql, monthlyCumulativeRangeSql, rollupRangeSql } from '../rollup-range.js';
import { scopeSql, type Scope } from '../scope.js';
import type { SqlParams } from '../sql-params.js';
import { clickColumnFilterSql, clickFilterSql, filterColumns, hasLinkFilters, scopedLinksSql } from './click-filters.js';
import { bitsLocalDaySql, bitsRangeSql } from './link-bits.js';
import { pairLocalDaySql, pairOf, pairRangeSql, type Pair } from './owner-pairs.js';

type Range = { from: Date; to: Date };
type LocalRange = Range & { zone: Zone };

/**
 * Whose clicks a read counts and which: `sql` the whole condition on a source's rows, `links` and `filters` its parts
 * (built when asked: a statement may hold only the parameters it uses).
 */
interface Where {
  sql: () => string;
  /** The caller's links that match the link filters, over `link_id` (scopedLinksSql; built when asked). */
  links: () => string;
  filters: ClickFilters;
}

/** A source of `${columns}, clicks` rows: a rollup family (per owner or per link) or the raw clicks. */
interface Source {
  name: string;
  /** Columns its rows hold. */
  columns: string[];
  /** Keyed by owner: answers only reads without link filters. */
  perOwner: boolean;
  /** Indexed by owner (link_clicks_*_owner): without link filters, scoped by owner_id as the unfiltered reads are. */
  ownerIndexed?: boolean;
  range(range: Range, p: SqlParams, columns: string, where: Where): string;
  /** Rows by local day; absent when the family has no per-day grain (the monthly geography). */
  localDay?(range: LocalRange, p: SqlParams, columns: string, where: Where): string;
  /**
   * Holds its click columns one or two at a time (besides the link's): answers a read needing those it can bind,
   * bound to them (null: it cannot).
   */
  bind?(clickColumns: string[]): Source | null;
  /** Its rows are the clicks themselves: the filters look at the table's own columns (clickColumnFilterSql). */
  clickColumns?: boolean;
}

const GEO = ['country_code', 'country', 'region', 'city'];
const OWNER_GEO = { monthly: 'owner_geo_monthly', quarter: 'owner_geo_15m', openDays: 'owner_geo_open_days' };
/** The per-link geography: whole closed days by month (migration LinkGeoMonthly), the rest from its 15-minute rows. */
const LINK_GEO = { monthly: 'link_geo_monthly', quarter: ROLLUPS.linkGeo.quarter };
const TECH = ['browser', 'os', 'device', 'referrer'];
const LINK = ['link_id', 'owner_id'];

/**
 * The raw clicks of [from, to) (SQL timestamptz), non-bot, that match `where` (over the table's own columns), their
 * dimensions spelled as the rollups spell them ('' for unknown).
 */
function rawClicksSql(from: string, to: string, where: string): string {
  return `SELECT link_id, owner_id, clicked_at, coalesce(country_code, '') AS country_code, coalesce(country, '') AS country,
      coalesce(region, '') AS region, coalesce(city, '') AS city, coalesce(browser, '') AS browser, coalesce(os, '') AS os,
      coalesce(device, '') AS device, coalesce(referrer, '') AS referrer, coalesce(language, '') AS language
    FROM clicks WHERE clicked_at >= ${from} AND clicked_at < ${to} AND NOT is_bot AND ${where}`;
}

/** A rollup family; per link (not per owner) its 15-minute windows are read apart, one key range each (rollup-range). */
const family = (name: string, f: FamilyTables, columns: string[], perOwner: boolean): Source => ({
  name,
  columns,
  perOwner,
  range: (range, p, cols, w) => rollupRangeSql(f, range, p, cols, w.sql(), { windowsApart: !perOwner }),
  localDay: (range, p, cols, w) => localDaySql(f, range, p, cols, w.sql()),
});

/**
 * owner_dims_15m's rows of one dimension, its value named as the column (`value AS device`), so the scope and the
 * filters apply as to any other source and reach the key (owner_id, dimension, value, bucket).
 */
function ownerDimension(column: string): Source {
  const rows = `(SELECT owner_id, bucket, value AS ${column}, clicks FROM owner_dims_15m WHERE dimension = '${column}') d`;
  const inRange = (range: Range, p: SqlParams) => `bucket >= ${p.add(range.from)} AND bucket < ${p.add(range.to)}`;
  return {
    name: `owner ${column}`,
    columns: [column],
    perOwner: true,
    range: (range, p, cols, w) => `SELECT ${cols ? `${cols}, ` : ''}clicks FROM ${rows} WHERE ${w.sql()} AND ${inRange(range, p)}`,
    localDay: (range, p, cols, w) =>
      `SELECT ${cols ? `${cols}, ` : ''}${localDateExpr('bucket', range.zone, p)} AS d, clicks FROM ${rows} WHERE ${w.sql()} AND ${inRange(range, p)}`,
  };
}

/** owner_pairs_daily's rows of one pair, owner_pairs_open's for the days not rolled up yet (owner-pairs.ts). */
function ownerPair(pair: Pair): Source {
  return {
    name: `owner ${pair.name}`,
    columns: [], // bound: sourceFor has matched the read's columns to the pair already
    perOwner: true,
    range: (range, p, cols, w) => pairRangeSql(pair, range, p, cols ? `${cols}, ` : '', w.sql()),
    localDay: (range, p, cols, w) => pairLocalDaySql(pair, range, p, cols ? `${cols}, ` : '', w.sql()),
  };
}

const one = (build: (column: string) => Source) => (columns: string[]) => (columns.length === 1 ? build(columns[0]) : null);

/**
 * In order of preference (decision 0008): the smallest family holding every column a read selects and every
 * column its filters look at. The per-owner families answer only without link filters; the raw clicks of the range
 * (partition-pruned by clicked_at, each of the caller's links one range of clicks_link_time, which INCLUDEs every
 * column they look at: an index-only scan) answer everything.
 */
const SOURCES: Source[] = [
  family('owner clicks', ROLLUPS.ownerClicks, ['owner_id'], true),
  { ...ownerDimension('value'), name: 'owner dimension', columns: [...OWNER_DIMENSIONS], bind: one(ownerDimension) },
  {
    ...ownerPair({ name: '', columns: '' }),
    name: 'owner pair',
    columns: [...OWNER_DIMENSIONS, 'country', 'region', 'city'],
    bind: (columns) => {
      const pair = pairOf(columns);
      return pair && ownerPair(pair);
    },
  },
  {
    name: 'owner geography',
    columns: ['owner_id', ...GEO],
    perOwner: true,
    range: (range, p, cols, w) => monthlyCumulativeRangeSql(OWNER_GEO, range, p, cols, w.sql()),
  },
  // Read as the unfiltered per-link reads are (one OR of the windows: the owner index answers it).
  { ...family('link clicks', ROLLUPS.linkClicks, LINK, true), perOwner: false, ownerIndexed: true },
  {
    name: 'link bits',
    columns: [...LINK, ...OWNER_DIMENSIONS, 'country'],
    perOwner: false,
    range: (range, p, cols, w) => bitsRangeSql(bitsRead(cols, w), range, p),
    localDay: (range, p, cols, w) => bitsLocalDaySql(bitsRead(cols, w), range, p),
  },
  {
    ...family('link geography', ROLLUPS.linkGeo, [...LINK, ...GEO], false),
    range: (range, p, cols, w) => monthlyCumulativeRangeSql(LINK_GEO, range, p, cols, w.sql()),
  },
  {
    name: 'raw clicks',
    columns: [...LINK, ...GEO, ...TECH, 'language', 'clicked_at'],
    perOwner: false,
    clickColumns: true,
    range: (range, p, cols, w) =>
      `SELECT ${cols ? `${cols}, ` : ''}1::bigint AS clicks FROM (${rawClicksSql(p.add(range.from), p.add(range.to), w.sql())}) c`,
    localDay: (range, p, cols, w) =>
      `SELECT ${cols ? `${cols}, ` : ''}${localDateExpr('clicked_at', range.zone, p)} AS d, 1::bigint AS clicks
         FROM (${rawClicksSql(p.add(range.from), p.add(range.to), w.sql())}) c`,
  },
];

const splitColumns = (columns: string) =>
  columns
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);

/** The source that answers a read of `columns` under `filters` (by local day when `byDay`). */
export function sourceFor(columns: string, filters: ClickFilters, byDay = false): Source {
  const needed = [...new Set([...splitColumns(columns), ...filterColumns(filters)])];
  const linkFiltered = hasLinkFilters(filters);
  const clickColumns = needed.filter((c) => !LINK.includes(c));
  for (const s of SOURCES) {
    if ((s.perOwner && linkFiltered) || (byDay && !s.localDay && !s.bind) || !needed.every((c) => s.columns.includes(c))) continue;
    const bound = s.bind ? s.bind(clickColumns) : s;
    if (bound) return bound;
  }
  throw new Error(`no source holds ${needed.join(', ')}`);
}

/**
 * Whether a breakdown of several click columns under `filters` is cheaper read one column at a time: the link bitmaps
 * count each combination of the columns' values in a link-day with one AND of their bitmaps (4 technology columns:
 * hundreds of combinations a day, against the twenty-odd values of the columns apart), while every other source reads
 * its rows once whatever it groups by.
 */
export const columnsApart = (columns: string, filters: ClickFilters): boolean => sourceFor(columns, filters).name === 'link bits';

function whereOf(source: Source, scope: Scope, filters: ClickFilters, p: SqlParams): Where {
  const byOwner = source.perOwner || (source.ownerIndexed && !hasLinkFilters(filters));
  const clickFilters = () => (source.clickColumns ? clickColumnFilterSql(filters, p) : clickFilterSql(filters, p));
  const sql = () => `${byOwner ? scopeSql(scope, p) : scopedLinksSql(scope, filters, p)} AND ${clickFilters()}`;
  return { sql, links: () => scopedLinksSql(scope, filters, p), filters };
}

/** The link bits' read of `columns` (decision 0008, "Bitmaps of each link's day"). */
const bitsRead = (columns: string, w: Where) => ({ links: w.links(), filters: w.filters, columns: splitColumns(columns) });

/**
 * Like rollupRangeSql, for the caller's clicks that match `filters`: SQL selecting `${columns}, clicks` over exactly
 * [from, to), from the source sourceFor picks. Without filters it reads what the unfiltered dashboards read.
 */
export function filteredRangeSql(range: Range, p: SqlParams, columns: string, scope: Scope, filters: ClickFilters): string {
  const source = sourceFor(columns, filters);
  return source.range(range, p, columns, whereOf(source, scope, filters, p));
}

/** Like localDaySql (`${columns}, d, clicks`, d the caller's local date), for the clicks that match `filters`. */
export function filteredLocalDaySql(range: LocalRange, p: SqlParams, columns: string, scope: Scope, filters: ClickFilters): string {
  const source = sourceFor(columns, filters, true);
  return source.localDay!(range, p, columns, whereOf(source, scope, filters, p));
}

/** The start of "all time" for totals under filters (no click is older: parse-click-event refuses them). */
export const ALL_TIME_FROM = new Date('2000-01-01T00:00:00Z');
