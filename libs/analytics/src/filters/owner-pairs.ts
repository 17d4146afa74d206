import { OWNER_DIMENSIONS } from '@app/clicks';
import { offsetAt, type Zone } from '@app/time';
import { QUARTER, ROLLED_BEFORE, ROLLED_BEFORE_DAY, localDateExpr, splitRange } from '../rollup-range.js';
import type { SqlParams } from '../sql-params.js';

/**
 * Reads of owner_pairs_daily (migration OwnerPairs, decision 0008 "Pairs of dimensions by day"): an owner's clicks
 * per UTC day by a pair of its one-dimension columns, or by a place (country, region, city) and one other of them
 * (migration OwnerPlacePairs), with `quarters[k]` the clicks of the day's first k 15-minute quarters. It holds the
 * days before rollup_days.rolled_before; the days from it on are read from owner_pairs_open (the same pairs per
 * 15-minute bucket, migration OwnerPairsOpenDays).
 */

type Range = { from: Date; to: Date };
const DAY = 86_400_000;
const QUARTERS = DAY / QUARTER;
const utcDate = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * The rows of one pair, as a read names them: `name` the stored pair, `columns` its values named as the read's
 * columns (`value_a AS country_code, value_b AS device`), so scope and filters reach the key.
 */
export interface Pair {
  name: string;
  columns: string;
}

const PLACE = ['country_code', 'country', 'region', 'city'];

/**
 * The pair a read of these click columns needs; null when none holds them. Exactly two of OWNER_DIMENSIONS (in their
 * order; the country's name rides with its code), or a region or city (with any of the place's columns) and exactly
 * one other dimension: a `place+…` pair (migration OwnerPlacePairs).
 */
export function pairOf(clickColumns: string[]): Pair | null {
  const dims = OWNER_DIMENSIONS.filter((d) => clickColumns.includes(d));
  const rest = clickColumns.filter((c) => !dims.includes(c as (typeof OWNER_DIMENSIONS)[number]));
  if (rest.some((c) => c === 'region' || c === 'city')) {
    const others = dims.filter((d) => d !== 'country_code');
    if (others.length !== 1 || !rest.every((c) => PLACE.includes(c))) return null;
    return { name: `place+${others[0]}`, columns: `value_a AS country_code, region, city, value_b AS ${others[0]}` };
  }
  const named = rest.length === 0 || (rest.length === 1 && rest[0] === 'country' && dims.includes('country_code'));
  return dims.length === 2 && named ? { name: `${dims[0]}+${dims[1]}`, columns: `value_a AS ${dims[0]}, value_b AS ${dims[1]}` } : null;
}

/** The pair's closed days' rows. */
export const pairRowsSql = (pair: Pair) =>
  `(SELECT owner_id, day, ${pair.columns}, country, clicks, quarters FROM owner_pairs_daily WHERE pair = '${pair.name}') pr`;

/** The open days' rows of the pair, named as pairRowsSql's. */
const openRowsSql = (pair: Pair) =>
  `(SELECT owner_id, bucket, ${pair.columns}, country, clicks FROM owner_pairs_open WHERE pair = '${pair.name}') po`;

/** The open days' rows of [from, to) (15-minute buckets; rows of a day rolled up meanwhile are already gone). */
const openPart = (pair: Pair, range: Range, p: SqlParams, select: string, where: string) =>
  `SELECT ${select} FROM ${openRowsSql(pair)}
    WHERE ${where} AND bucket >= GREATEST(${p.add(range.from)}::timestamptz, ${ROLLED_BEFORE}) AND bucket < ${p.add(range.to)}`;

/** A day's quarters [lo, hi) (0-96): the day's clicks when whole, else a difference of two cumulative counts. */
const CLICKS_OF_SEGMENT = `CASE WHEN seg.lo = 0 AND seg.hi = ${QUARTERS} THEN pr.clicks ELSE pr.quarters[seg.hi] - coalesce(pr.quarters[seg.lo], 0) END`;

/** A column a read adds to its segments: its name, SQL type and one value per segment. */
export interface SegmentColumn {
  name: string;
  type: string;
  values: unknown[];
}

/**
 * The segments as a relation `alias(day, lo, hi, ld, ...extra)`: one unnest of an array parameter per column.
 */
export function segmentsRelationSql(p: SqlParams, segments: Segment[], { alias = 'seg', extra = [] as SegmentColumn[] } = {}): string {
  const columns: SegmentColumn[] = [
    { name: 'day', type: 'date', values: segments.map((s) => s.day) },
    { name: 'lo', type: 'int', values: segments.map((s) => s.lo) },
    { name: 'hi', type: 'int', values: segments.map((s) => s.hi) },
    { name: 'ld', type: 'date', values: segments.map((s) => s.local) },
    ...extra,
  ];
  return `unnest(${columns.map((c) => `${p.add(c.values)}::${c.type}[]`).join(', ')}) AS ${alias}(${columns.map((c) => c.name).join(', ')})`;
}

/**
 * `select` over the closed days' pair rows of the segments (UTC day, quarters [lo, hi), local date `seg.ld`), given as
 * one unnest of four arrays joined to the rows by day; each row's clicks of its segment are CLICKS_OF_SEGMENT.
 */
function segmentRowsSql(pair: Pair, p: SqlParams, segments: Segment[], select: string, where: string): string {
  return `SELECT ${select} FROM ${pairRowsSql(pair)} JOIN ${segmentsRelationSql(p, segments)} ON pr.day = seg.day
    WHERE ${where} AND pr.day >= ${p.add(segments[0].day)}::date AND pr.day <= ${p.add(segments.at(-1)!.day)}::date
      AND pr.day < ${ROLLED_BEFORE_DAY}`;
}

export interface Segment {
  day: string;
  lo: number;
  hi: number;
  local: string | null;
}

/** The part of the UTC day starting at `t` inside [from, to), as quarters [lo, hi); null when none. */
export function quartersOf(t: number, { from, to }: Range): [number, number] | null {
  const lo = Math.max(0, Math.ceil((from.getTime() - t) / QUARTER));
  const hi = Math.min(QUARTERS, Math.ceil((to.getTime() - t) / QUARTER));
  return lo < hi ? [lo, hi] : null;
}

/**
 * The partial edges of a range (splitRange) as segments of UTC days: an edge shorter than a day may still cross a
 * midnight (a local day east or west of UTC), one segment per UTC day it touches.
 */
export function edgeSegments(edges: [Date, Date][]): Segment[] {
  return edges.flatMap(([a, b]) => {
    const segments: Segment[] = [];
    for (let t = Math.floor(a.getTime() / DAY) * DAY; t < b.getTime(); t += DAY) {
      const q = quartersOf(t, { from: a, to: b });
      if (q) segments.push({ day: utcDate(t), lo: q[0], hi: q[1], local: null });
    }
    return segments;
  });
}

/**
 * The range's UTC days as segments by local date in `zone`: each day's quarters split where the local date changes
 * (once a day at a fixed offset; quarter by quarter on a day whose offset changes, as at a daylight-saving change,
 * every real offset and change falling on a quarter boundary).
 */
export function localSegments(range: Range, zone: Zone): Segment[] {
  const segments: Segment[] = [];
  for (let t = Math.floor(range.from.getTime() / DAY) * DAY; t < range.to.getTime(); t += DAY) {
    const part = quartersOf(t, range);
    if (!part) continue;
    const offsets = [0, DAY / 2, DAY - QUARTER].map((x) => offsetAt(new Date(t + x), zone) * 60_000);
    const fixed = offsets.every((o) => o === offsets[0]);
    const localOf = (q: number) => utcDate(t + q * QUARTER - (fixed ? offsets[0] : offsetAt(new Date(t + q * QUARTER), zone) * 60_000));
    let [lo] = part;
    for (let q = part[0] + 1; q <= part[1]; q++) {
      if (q < part[1] && localOf(q) === localOf(lo)) continue;
      segments.push({ day: utcDate(t), lo, hi: q, local: localOf(lo) });
      lo = q;
    }
  }
  return segments;
}

/**
 * `${cols}clicks` over exactly [from, to) from the pair rows of closed days (whole UTC days as their clicks, the
 * partial edges as quarter differences) and the open days' 15-minute rows.
 */
export function pairRangeSql(pair: Pair, range: Range, p: SqlParams, cols: string, where: string): string {
  const { days, edges } = splitRange(range.from, range.to);
  const parts: string[] = [];
  if (days) {
    parts.push(`SELECT ${cols}pr.clicks FROM ${pairRowsSql(pair)}
      WHERE ${where} AND pr.day >= ${p.add(days[0])}::date AND pr.day < ${p.add(days[1])}::date AND pr.day < ${ROLLED_BEFORE_DAY}`);
  }
  const segments = edgeSegments(edges);
  if (segments.length) parts.push(segmentRowsSql(pair, p, segments, `${cols}${CLICKS_OF_SEGMENT} AS clicks`, where));
  parts.push(openPart(pair, range, p, `${cols}clicks`, where));
  return parts.join(' UNION ALL ');
}

/** Like pairRangeSql, `${cols}d, clicks` with d the local date in `zone` of each segment (and of each open bucket). */
export function pairLocalDaySql(pair: Pair, range: Range & { zone: Zone }, p: SqlParams, cols: string, where: string): string {
  const segments = localSegments(range, range.zone);
  const parts: string[] = [];
  if (segments.length) parts.push(segmentRowsSql(pair, p, segments, `${cols}seg.ld AS d, ${CLICKS_OF_SEGMENT} AS clicks`, where));
  parts.push(openPart(pair, range, p, `${cols}${localDateExpr('bucket', range.zone, p)} AS d, clicks`, where));
  return parts.join(' UNION ALL ');
}
