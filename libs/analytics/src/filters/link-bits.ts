import { OWNER_DIMENSIONS } from '@app/clicks';
import type { ClickFilters } from '@app/contracts';
import type { Zone } from '@app/time';
import { QUARTER, ROLLED_BEFORE_DAY, beyondStoredClicks, monthlyDaysSql, splitRange } from '../rollup-range.js';
import type { SqlParams } from '../sql-params.js';
import { CLICK_FILTER_COLUMN, clickFilterSql } from './click-filters.js';
import { edgeSegments, localSegments, quartersOf, segmentsRelationSql, type Segment } from './owner-pairs.js';

/**
 * Reads of the click bitmaps (migration LinkClickBits, decision 0008 "Bitmaps of each link's day"): per closed UTC
 * link-day, its non-bot clicks numbered in time order (link_click_days, with `quarters[k]` the clicks of the day's
 * first k 15-minute quarters) and per value of the six one-dimension columns the bitmap of its clicks
 * (link_click_bits). Clicks matching any click filters are the bits set in every filtered column's bitmap (several
 * values of one column ORed first: `bit_or`); a breakdown ANDs each value's bitmap too; a part of a day is the ordinal
 * interval [quarters[lo], quarters[hi]). The days from rollup_days.rolled_before on are numbered in arrival order
 * (the ingest appends each batch), and their `quarter` bitmaps give the part of a day a read needs.
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
const DIMENSIONS: readonly string[] = OWNER_DIMENSIONS;

/** What a read asks: the caller's links (SQL over `link_id`), its click filters, the columns it selects. */
export interface BitsRead {
  links: string;
  filters: ClickFilters;
  columns: string[];
}

/** The click filters that look at `column`, alone. */
const filtersOn = (filters: ClickFilters, column: string): ClickFilters =>
  Object.fromEntries(
    Object.entries(filters).filter(([name, v]) => v !== undefined && CLICK_FILTER_COLUMN[name as keyof typeof CLICK_FILTER_COLUMN] === column),
  ) as ClickFilters;

/** The dimensions a read groups by (the country's name rides with its code) and those it only filters on. */
function dimensionsOf({ filters, columns }: BitsRead): { grouped: string[]; filtered: string[] } {
  const grouped = DIMENSIONS.filter((d) => columns.includes(d) || (d === 'country_code' && columns.includes('country')));
  const filtered = DIMENSIONS.filter((d) => !grouped.includes(d) && Object.keys(filtersOn(filters, d)).length > 0);
  return { grouped, filtered };
}

/** A bitmap padded to the link-day's clicks (an open day's bitmap ends at its last click). */
const padded = (bits: string, n: string) => `(${bits} || repeat('0', ${n} - length(${bits}))::varbit)`;
const WHOLE = 'x.lo = 0 AND x.hi = 96';

/**
 * Which link-days a part reads: closed (time order, `quarters`) or open (arrival order, `quarter` bitmaps), and how
 * each is cut: `seg` SQL joining them to the parts of their day a read needs (lo, hi: quarters; ld: local date).
 */
interface Part {
  open: boolean;
  /** Its condition on `day` (besides open or closed). */
  days: string;
  seg: string;
  /** What it selects besides the columns (`x.ld AS d, `). */
  select: string;
  /** The clicks of a row `x` (the link-day, its segment, `x.mask`), given the AND of its bitmaps. */
  clicks(and: string): string;
}

/**
 * `SELECT ${columns}, ${part.select}clicks` over the link-days of a part. Each link-day of the caller's links (and
 * its segment) is one row `x` carrying the OR of each filtered dimension's matching bitmaps (one index probe each;
 * padded on open days) and, on an open day cut short, the OR of its quarters' bitmaps (`mask`); then one row per
 * value of each grouped dimension. `OFFSET 0` keeps that order: the masks once per link-day, not per value.
 */
function partSql(read: BitsRead, p: SqlParams, part: Part): string {
  const { grouped, filtered } = dimensionsOf(read);
  // Reads of the links alone come from the link rollups (sourceFor): every bits read has a bitmap to count.
  if (!grouped.length && !filtered.length) throw new Error('the link bits answer reads of a click dimension only');
  const pad = (bits: string) => (part.open ? padded(bits, 'ld.clicks') : bits);
  const days = `${part.days} AND day ${part.open ? '>=' : '<'} ${ROLLED_BEFORE_DAY}`;
  const laterals = filtered.map((d, i) => {
    const values = clickFilterSql(filtersOn(read.filters, d), p, () => 'b.value');
    return `JOIN LATERAL (SELECT bit_or(${pad('b.bits')}) AS bits FROM link_click_bits b
              WHERE b.link_id = ld.link_id AND b.dimension = '${d}' AND b.day = ld.day AND ${values}) f${i} ON f${i}.bits IS NOT NULL`;
  });
  if (part.open) {
    // The quarters of the shorter side (`seg.keys`, openSegmentsSql): the rest of today is usually none.
    // Each quarter one probe of the primary key (`OFFSET 0` keeps the probes: joined, the planner read every quarter
    // row of the link-day from the heap through link_click_bits_by_day).
    laterals.unshift(`LEFT JOIN LATERAL (SELECT bit_or(${pad('q.bits')}) AS bits FROM unnest(string_to_array(seg.keys, ',')) k(value)
      CROSS JOIN LATERAL (SELECT bits FROM link_click_bits q
        WHERE q.link_id = ld.link_id AND q.dimension = 'quarter' AND q.value = k.value AND q.day = ld.day OFFSET 0) q
      WHERE NOT (seg.lo = 0 AND seg.hi = 96)) m ON TRUE`);
  }
  const segColumns = `, seg.lo, seg.hi, seg.ld${part.open ? ', seg.inside, m.bits AS mask' : ''}`;
  const bits = filtered.map((_, i) => `x.f${i}`);
  const named: Record<string, string> = { link_id: 'x.link_id', owner_id: 'x.owner_id' };
  const joins = grouped.map((d, i) => {
    const values = clickFilterSql(filtersOn(read.filters, d), p, () => `g${i}.value`);
    bits.push(part.open ? padded(`g${i}.bits`, 'x.clicks') : `g${i}.bits`);
    named[d] = `g${i}.value`;
    if (d === 'country_code') named.country = `g${i}.country`;
    return `JOIN link_click_bits g${i} ON g${i}.link_id = x.link_id AND g${i}.dimension = '${d}' AND g${i}.day = x.day AND ${values}`;
  });
  const select = read.columns.map((c) => `${named[c]} AS ${c}, `).join('');
  const linkDays = `(SELECT link_id, owner_id, day, clicks, quarters FROM link_click_days WHERE ${read.links} AND ${days}) ld`;
  const filterColumns = filtered.map((_, i) => `, f${i}.bits AS f${i}`).join('');
  return `SELECT ${select}${part.select}${part.clicks(bits.join(' & '))} AS clicks
    FROM (SELECT ld.link_id, ld.owner_id, ld.day, ld.clicks, ld.quarters${segColumns}${filterColumns}
            FROM ${linkDays}
            ${part.seg} ${laterals.join(' ')}
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
 * ORed bitmap's. It holds the closed days only: the open ones are the bitmaps' (openPart).
 */
function monthlyCountsSql(read: BitsRead, p: SqlParams, whole: [string, string], dimension: string): string {
  const country = dimension === 'country_code' ? ', country' : '';
  const rows = `(SELECT link_id, month, cum, value AS ${dimension}${country} FROM link_dims_monthly WHERE dimension = '${dimension}') m`;
  const values = clickFilterSql(filtersOn(read.filters, dimension), p, () => `m.${dimension}`);
  return monthlyDaysSql(rows, whole, p, read.columns.map((c) => `m.${c} AS ${c}, `).join(''), `${read.links} AND ${values}`);
}

/**
 * Whole closed days [from, to) under any click filters from each link's months laid end to end (migration
 * LinkClickMonths, decision 0008 "Each link's month as one bitmap"): per link and month touched one row `x` carrying
 * each filter's OR of matching bitmaps (one key range each) and the ordinal interval [lo, hi) of the range's closed
 * days (`cum`), then one row per value of each grouped dimension. A value's bitmap ends at its last click: padded to
 * the month's closed clicks (`total`) before any AND.
 */
function closedMonthsSql(read: BitsRead, p: SqlParams, [first, end]: [string, string]): string {
  const { grouped, filtered } = dimensionsOf(read);
  if (!grouped.length && !filtered.length) throw new Error('the link bits answer reads of a click dimension only');
  const [from, to] = [p.add(first), p.add(end)];
  const months = `(SELECT m.link_id, m.owner_id, m.month, m.cum[31] AS total,
          coalesce(m.cum[extract(day FROM c.lo)::int - 1], 0) AS lo, m.cum[extract(day FROM c.hi)::int] AS hi
        FROM link_click_months m
        CROSS JOIN LATERAL (SELECT greatest(m.month, ${from}::date) AS lo,
          least((m.month + interval '1 month')::date, ${to}::date, ${ROLLED_BEFORE_DAY}) - 1 AS hi) c
       WHERE ${read.links} AND m.month >= date_trunc('month', ${from}::date) AND m.month < ${to}::date AND c.hi >= c.lo) lm`;
  const laterals = filtered.map((d, i) => {
    const values = clickFilterSql(filtersOn(read.filters, d), p, () => 'b.value');
    return `JOIN LATERAL (SELECT bit_or(${padded('b.bits', 'lm.total')}) AS bits FROM link_click_month_bits b
              WHERE b.link_id = lm.link_id AND b.dimension = '${d}' AND b.month = lm.month AND ${values}) f${i} ON f${i}.bits IS NOT NULL`;
  });
  const bits = filtered.map((_, i) => `x.f${i}`);
  const named: Record<string, string> = { link_id: 'x.link_id', owner_id: 'x.owner_id' };
  const joins = grouped.map((d, i) => {
    const values = clickFilterSql(filtersOn(read.filters, d), p, () => `g${i}.value`);
    bits.push(padded(`g${i}.bits`, 'x.total'));
    named[d] = `g${i}.value`;
    if (d === 'country_code') named.country = `g${i}.country`;
    return `JOIN link_click_month_bits g${i} ON g${i}.link_id = x.link_id AND g${i}.dimension = '${d}' AND g${i}.month = x.month AND ${values}`;
  });
  const select = read.columns.map((c) => `${named[c]} AS ${c}, `).join('');
  return `SELECT ${select}bit_count(substring(${bits.join(' & ')} FROM x.lo + 1 FOR x.hi - x.lo)) AS clicks
    FROM (SELECT lm.link_id, lm.owner_id, lm.month, lm.total, lm.lo, lm.hi${filtered.map((_, i) => `, f${i}.bits AS f${i}`).join('')}
            FROM ${months} ${laterals.join(' ')}
           WHERE lm.hi > lm.lo
          OFFSET 0) x
    ${joins.join(' ')}`;
}

/** The segments (UTC day, quarters [lo, hi), local date) as one unnest joined to the link-days by day. */
function segmentsSql(p: SqlParams, segments: Segment[]): string {
  return `JOIN ${segmentsRelationSql(p, segments)} ON seg.day = ld.day`;
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

/** The days of a list of segments. */
const segmentDays = (p: SqlParams, segments: Segment[]) => `day = ANY(${p.add([...new Set(segments.map((s) => s.day))])}::date[])`;

/** A closed day's part [lo, hi) of each segment: the ordinal interval [quarters[lo], quarters[hi]). */
function closedSegmentsPart(p: SqlParams, segments: Segment[], select: string, days = segmentDays(p, segments)): Part {
  const lo = 'coalesce(x.quarters[x.lo], 0)';
  const hi = 'x.quarters[x.hi]';
  return {
    open: false,
    days,
    seg: segmentsSql(p, segments),
    select,
    clicks: (and) => `bit_count(substring(${and} FROM ${lo} + 1 FOR ${hi} - ${lo}))`,
  };
}

/**
 * An open day's part [lo, hi) of each segment (`seg`), from the `quarter` bitmaps of the shorter side ORed (`x.mask`):
 * the part's own quarters, or the rest of the day's, whose clicks it leaves out (a part up to now or up to a midnight
 * east of UTC then reads none: no click is stored yet for the rest of today).
 */
function openPart(days: string, seg: string, select: string): Part {
  const cut = (and: string) => `CASE WHEN x.inside THEN ${and} & x.mask WHEN x.mask IS NULL THEN ${and} ELSE ${and} & ~x.mask END`;
  return { open: true, days, seg, select, clicks: (and) => `coalesce(bit_count(CASE WHEN ${WHOLE} THEN ${and} ELSE ${cut(and)} END), 0)` };
}

/**
 * `${columns}, clicks` over exactly [from, to): the closed days' bit counts (whole days, then the partial edges as
 * ordinal intervals) and the open days' (the first and last days' parts of the range in quarters).
 */
export function bitsRangeSql(read: BitsRead, range: Range, p: SqlParams): string {
  if (range.to <= range.from) return noRows(read, '');
  const { days, edges } = splitRange(range.from, range.to);
  const parts: Part[] = [];
  const counted = countedDimension(read);
  // Whole closed days: one dimension's counts need no bitmap; several ANDed read each link's months.
  const whole = days ? [counted ? monthlyCountsSql(read, p, days, counted) : closedMonthsSql(read, p, days)] : [];
  const segments = edgeSegments(edges);
  if (segments.length) parts.push(closedSegmentsPart(p, segments, ''));
  // Open days: the range's first and last UTC days cut (a part no stored click can reach yet counted to its day's
  // end), every day between them whole.
  const first = Math.floor(range.from.getTime() / DAY) * DAY;
  const end = Math.ceil(range.to.getTime() / DAY) * DAY;
  const edgeDays = [...new Set([first, end - DAY])].map((t): Segment => {
    const [lo, hi] = quartersOf(t, range)!;
    return { day: utcDate(t), lo, hi, local: null };
  });
  const cut = toDayEnd(edgeDays).filter((s) => s.lo > 0 || s.hi < 96);
  const openSeg = openSegmentsSql(p, cut, { whole: true });
  const openDays = `day >= ${p.add(utcDate(first))}::date AND day < ${p.add(utcDate(end))}::date`;
  parts.push(openPart(openDays, openSeg, ''));
  return [...whole, ...parts.map((part) => partSql(read, p, part))].join(' UNION ALL ');
}

/** Like bitsRangeSql, `${columns}, d, clicks` with d the local date in `zone` of each segment. */
export function bitsLocalDaySql(read: BitsRead, range: Range & { zone: Zone }, p: SqlParams): string {
  const segments = toDayEnd(localSegments(range, range.zone));
  if (!segments.length) return noRows(read, 'NULL::date AS d, ');
  const days = `day >= ${p.add(segments[0].day)}::date AND day <= ${p.add(segments.at(-1)!.day)}::date`;
  const parts = [closedSegmentsPart(p, segments, 'x.ld AS d, ', days), openPart(days, openSegmentsSql(p, segments), 'x.ld AS d, ')];
  return parts.map((part) => partSql(read, p, part)).join(' UNION ALL ');
}
