import type { Zone } from '@app/time';
import { QUARTER, ROLLED_BEFORE_DAY, beyondStoredClicks, monthlyDaysSql, splitRange } from '../rollup-range.js';
import type { SqlParams } from '../sql-params.js';
import { dimensionsOf, padded, valuesOf, type BitsRead } from './bits-read.js';
import { monthsLocalDaysSql, monthsWholeDaysSql } from './link-months.js';
import { edgeSegments, localSegments, quartersOf, segmentsRelationSql, type Segment } from './owner-pairs.js';

/**
 * Reads of the click bitmaps (migration LinkClickBits, decision 0008 "Bitmaps of each link's day"): per UTC
 * link-day, its non-bot clicks numbered and per value of the six one-dimension columns the bitmap of its clicks
 * (link_click_bits). Clicks matching any click filters are the bits set in every filtered column's bitmap (several
 * values of one column ORed first: `bit_or`); a breakdown ANDs each value's bitmap too. The closed days (before
 * rollup_days.rolled_before) are numbered in time order: many of them are read from each link's months
 * (link-months.ts), or for one dimension alone from its counts by month (link_dims_monthly), a range's cut edges from
 * their own day; the open days are numbered in arrival order (the ingest appends each batch), and their `quarter`
 * bitmaps give the part of a day a read needs.
 */

type Range = { from: Date; to: Date };
const DAY = 86_400_000;

/**
 * Segments whose end no stored click reaches (beyondStoredClicks), run to their day's end (a later segment of that
 * day holds no click): today's part of a range that ends tonight (the local midnight of a zone east of UTC) then
 * needs no quarter bitmaps.
 */
const toDayEnd = (segments: Segment[]): Segment[] =>
  segments.map((s) => (beyondStoredClicks(Date.parse(`${s.day}T00:00:00Z`) + s.hi * QUARTER) ? { ...s, hi: 96 } : s));
const utcDate = (t: number) => new Date(t).toISOString().slice(0, 10);
const WHOLE = 'x.lo = 0 AND x.hi = 96';

/**
 * `SELECT ${columns}, ${select}clicks` over the link-days of `days` joined to their segments `seg` (lo, hi: quarters;
 * ld: local date), open (arrival order: openSegmentsSql) or closed (time order). Each link-day of the caller's links
 * (and its segment) is one row `x` carrying the OR of each filtered dimension's matching bitmaps (one index probe each;
 * padded to the day's clicks on an open day), then one row per value of each grouped dimension; `OFFSET 0` keeps that
 * order (the masks once per link-day, not per value). A closed day's part is the ordinal interval
 * [quarters[lo], quarters[hi]). An open day's cut short is the OR of its quarters' bitmaps of the segment's shorter
 * side (`mask`): its own quarters (`inside`), or the rest of the day's, whose clicks it leaves out (a part up to now or
 * up to a midnight east of UTC then reads none: no click is stored yet for the rest of today).
 */
function daysSql(read: BitsRead, p: SqlParams, { open, days, seg, select }: { open: boolean; days: string; seg: string; select: string }): string {
  const { grouped, filtered } = dimensionsOf(read);
  const pad = (bits: string, n: string) => (open ? padded(bits, n) : bits);
  const laterals = filtered.map(
    (d, i) => `JOIN LATERAL (SELECT bit_or(${pad('b.bits', 'ld.clicks')}) AS bits FROM link_click_bits b
      WHERE b.link_id = ld.link_id AND b.dimension = '${d}' AND b.day = ld.day AND ${valuesOf(read, d, p, 'b.value')}) f${i} ON f${i}.bits IS NOT NULL`,
  );
  // The quarters of the shorter side (`seg.keys`): the rest of today is usually none. Each quarter one probe of the
  // primary key (`OFFSET 0` keeps the probes: joined, the planner read every quarter row of the link-day from the heap
  // through link_click_bits_by_day).
  if (open)
    laterals.unshift(`LEFT JOIN LATERAL (SELECT bit_or(${padded('q.bits', 'ld.clicks')}) AS bits FROM unnest(string_to_array(seg.keys, ',')) k(value)
      CROSS JOIN LATERAL (SELECT bits FROM link_click_bits q
        WHERE q.link_id = ld.link_id AND q.dimension = 'quarter' AND q.value = k.value AND q.day = ld.day OFFSET 0) q
      WHERE NOT (seg.lo = 0 AND seg.hi = 96)) m ON TRUE`);
  const bits = filtered.map((_, i) => `x.f${i}`);
  const named: Record<string, string> = { link_id: 'x.link_id', owner_id: 'x.owner_id' };
  const joins = grouped.map((d, i) => {
    bits.push(pad(`g${i}.bits`, 'x.clicks'));
    named[d] = `g${i}.value`;
    if (d === 'country_code') named.country = `g${i}.country`;
    return `JOIN link_click_bits g${i} ON g${i}.link_id = x.link_id AND g${i}.dimension = '${d}' AND g${i}.day = x.day
      AND ${valuesOf(read, d, p, `g${i}.value`)}`;
  });
  const and = bits.join(' & ');
  const cut = `CASE WHEN x.inside THEN ${and} & x.mask WHEN x.mask IS NULL THEN ${and} ELSE ${and} & ~x.mask END`;
  const [lo, hi] = ['coalesce(x.quarters[x.lo], 0)', 'x.quarters[x.hi]'];
  const clicks = open
    ? `coalesce(bit_count(CASE WHEN ${WHOLE} THEN ${and} ELSE ${cut} END), 0)`
    : `bit_count(substring(${and} FROM ${lo} + 1 FOR ${hi} - ${lo}))`;
  const segColumns = `seg.lo, seg.hi, seg.ld${open ? ', seg.inside, m.bits AS mask' : ''}`;
  return `SELECT ${read.columns.map((c) => `${named[c]} AS ${c}, `).join('')}${select}${clicks} AS clicks
    FROM (SELECT ld.link_id, ld.owner_id, ld.day, ld.clicks, ld.quarters, ${segColumns}${filtered.map((_, i) => `, f${i}.bits AS f${i}`).join('')}
            FROM (SELECT link_id, owner_id, day, clicks, quarters FROM link_click_days
                   WHERE ${read.links} AND ${days} AND day ${open ? '>=' : '<'} ${ROLLED_BEFORE_DAY}) ld
            ${seg} ${laterals.join(' ')}
          OFFSET 0) x
    ${joins.join(' ')}`;
}

/**
 * The one dimension a read counts (grouped by it or filtered on it, not both; not by owner): over whole closed days
 * its clicks per value need no bitmap (monthlyCountsSql). Null when the read needs the bitmaps ANDed.
 */
function countedDimension(read: BitsRead): string | null {
  const { grouped, filtered } = dimensionsOf(read);
  if (grouped.length + filtered.length !== 1 || read.columns.includes('owner_id')) return null;
  return grouped[0] ?? filtered[0];
}

/**
 * Whole closed days [from, to) of one dimension (countedDimension) from link_dims_monthly (migration LinkDimsMonthly,
 * decision 0008 "Each link's values by month"): per link, value and month touched one row, `cum` cumulative by day
 * of the month. A click has one value of each dimension, so the counts of several matching values add up to their
 * ORed bitmap's. It holds the closed days only: the open ones are the bitmaps' (daysSql).
 */
function monthlyCountsSql(read: BitsRead, p: SqlParams, whole: [string, string], dimension: string): string {
  const country = dimension === 'country_code' ? ', country' : '';
  const rows = `(SELECT link_id, month, cum, value AS ${dimension}${country} FROM link_dims_monthly WHERE dimension = '${dimension}') m`;
  const values = valuesOf(read, dimension, p, `m.${dimension}`);
  return monthlyDaysSql(rows, whole, p, read.columns.map((c) => `m.${c} AS ${c}, `).join(''), `${read.links} AND ${values}`);
}

/**
 * The shorter side of a part [lo, hi) of a day: its own quarters when it is at most half the day (`inside`), else the
 * rest of the day's; `keys` those quarters ('0'–'95', comma-separated).
 */
function shorterSide({ lo, hi }: Segment): { inside: boolean; keys: string } {
  const inside = hi - lo <= 48;
  const keys = Array.from({ length: 96 }, (_, k) => k).filter((k) => (k >= lo && k < hi) === inside);
  return { inside, keys: keys.join(',') };
}

/**
 * The open days' segments as one unnest (seg: day, lo, hi, ld, and the shorter side's `inside` and `keys`) joined to
 * the link-days by day; `whole`: a link-day without a segment is read whole (a LEFT JOIN).
 */
function openSegmentsSql(p: SqlParams, segments: Segment[], { whole = false } = {}): string {
  const sides = segments.map(shorterSide);
  const extra = [
    { name: 'inside', type: 'boolean', values: sides.map((s) => s.inside) },
    { name: 'keys', type: 'text', values: sides.map((s) => s.keys) },
  ];
  if (!whole) return `JOIN ${segmentsRelationSql(p, segments, { extra })} ON seg.day = ld.day`;
  return `LEFT JOIN ${segmentsRelationSql(p, segments, { alias: 'ps', extra })} ON ps.day = ld.day
    CROSS JOIN LATERAL (SELECT coalesce(ps.lo, 0) AS lo, coalesce(ps.hi, 96) AS hi, ps.ld, ps.inside, ps.keys) seg`;
}

/** A read's columns (and `d`) over no rows. */
const noRows = (read: BitsRead, d: string) => `SELECT ${read.columns.map((c) => `NULL AS ${c}, `).join('')}${d}0::bigint AS clicks WHERE FALSE`;

/**
 * `${columns}, clicks` over exactly [from, to): the closed days' (whole days from the months, then the partial edges
 * as ordinal intervals of their days) and the open days' (the first and last days' parts of the range in quarters).
 */
export function bitsRangeSql(read: BitsRead, range: Range, p: SqlParams): string {
  if (range.to <= range.from) return noRows(read, '');
  const { days, edges } = splitRange(range.from, range.to);
  const counted = countedDimension(read);
  const parts: string[] = [];
  // Whole closed days: one dimension's counts need no bitmap; several ANDed read each link's months.
  if (days) parts.push(counted ? monthlyCountsSql(read, p, days, counted) : monthsWholeDaysSql(read, p, days));
  // The closed partial edges (a day or two per link): their day bitmaps, a month's would be 30 times the bits.
  const segments = edgeSegments(edges);
  if (segments.length) {
    const seg = `JOIN ${segmentsRelationSql(p, segments)} ON seg.day = ld.day`;
    const days = `day = ANY(${p.add([...new Set(segments.map((s) => s.day))])}::date[])`;
    parts.push(daysSql(read, p, { open: false, days, seg, select: '' }));
  }
  // Open days: the range's first and last UTC days cut (a part no stored click can reach yet counted to its day's
  // end), every day between them whole.
  const first = Math.floor(range.from.getTime() / DAY) * DAY;
  const end = Math.ceil(range.to.getTime() / DAY) * DAY;
  const edgeDays = [...new Set([first, end - DAY])].map((t): Segment => {
    const [lo, hi] = quartersOf(t, range)!;
    return { day: utcDate(t), lo, hi, local: null };
  });
  const cut = toDayEnd(edgeDays).filter((s) => s.lo > 0 || s.hi < 96);
  const openDays = `day >= ${p.add(utcDate(first))}::date AND day < ${p.add(utcDate(end))}::date`;
  parts.push(daysSql(read, p, { open: true, days: openDays, seg: openSegmentsSql(p, cut, { whole: true }), select: '' }));
  return parts.join(' UNION ALL ');
}

/**
 * Like bitsRangeSql, `${columns}, d, clicks` with d the local date in `zone` of each segment: the closed days' parts
 * from the months (a month's bitmaps read once for its 30 local days), the open days' from their day bitmaps.
 */
export function bitsLocalDaySql(read: BitsRead, range: Range & { zone: Zone }, p: SqlParams): string {
  const segments = toDayEnd(localSegments(range, range.zone));
  if (!segments.length) return noRows(read, 'NULL::date AS d, ');
  const days = `day >= ${p.add(segments[0].day)}::date AND day <= ${p.add(segments.at(-1)!.day)}::date`;
  const open = daysSql(read, p, { open: true, days, seg: openSegmentsSql(p, segments), select: 'x.ld AS d, ' });
  return `${monthsLocalDaysSql(read, p, segments)} UNION ALL ${open}`;
}
