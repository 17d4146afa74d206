import { OWNER_DIMENSIONS } from '@app/clicks';
import type { ClickFilters } from '@app/contracts';
import type { Zone } from '@app/time';
import { ROLLED_BEFORE_DAY, splitRange } from '../rollup-range.js';
import type { SqlParams } from '../sql-params.js';
import { CLICK_FILTER_COLUMN, clickFilterSql } from './click-filters.js';
import { edgeSegments, localSegments, type Segment } from './owner-pairs.js';

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

/** Which link-days a part reads: closed (time order, `quarters`) or open (arrival order, `quarter` bitmaps). */
interface Part {
  open: boolean;
  /** Its condition on `day` (besides open or closed). */
  days: string;
  /** What joins the link-days `ld` to their parts of a day (`seg`), and what it selects besides the columns. */
  from: string;
  select: string;
  /** The clicks of a row, given the AND of its bitmaps (null: no bitmap, every click counts). */
  clicks(and: string | null): string;
}

/**
 * `SELECT ${columns}, ${part.select}clicks` over the link-days of a part: one joined bitmap row per filtered
 * dimension (several matching values ORed) and per grouped value.
 */
function partSql(read: BitsRead, p: SqlParams, part: Part): string {
  const { grouped, filtered } = dimensionsOf(read);
  const days = `${part.days} AND day ${part.open ? '>=' : '<'} ${ROLLED_BEFORE_DAY}`;
  const joins: string[] = [];
  const bits: string[] = [];
  filtered.forEach((d, i) => {
    const values = clickFilterSql(filtersOn(read.filters, d), p, () => 'value');
    const rows = `(SELECT link_id, day, bits FROM link_click_bits WHERE ${read.links} AND dimension = '${d}' AND ${values} AND ${days}) b`;
    const or = part.open
      ? `SELECT link_id, day, bit_or(${padded('b.bits', 'n.clicks')}) AS bits FROM ${rows} JOIN link_click_days n USING (link_id, day)`
      : `SELECT link_id, day, bit_or(bits) AS bits FROM ${rows}`;
    joins.push(`JOIN (${or} GROUP BY link_id, day) f${i} ON f${i}.link_id = ld.link_id AND f${i}.day = ld.day`);
    bits.push(`f${i}.bits`);
  });
  const named: Record<string, string> = { link_id: 'ld.link_id', owner_id: 'ld.owner_id' };
  grouped.forEach((d, i) => {
    const values = clickFilterSql(filtersOn(read.filters, d), p, () => 'value');
    joins.push(`JOIN (SELECT link_id, day, value, country, bits FROM link_click_bits
                       WHERE ${read.links} AND dimension = '${d}' AND ${values} AND ${days}) g${i}
                  ON g${i}.link_id = ld.link_id AND g${i}.day = ld.day`);
    bits.push(part.open ? padded(`g${i}.bits`, 'ld.clicks') : `g${i}.bits`);
    named[d] = `g${i}.value`;
    if (d === 'country_code') named.country = `g${i}.country`;
  });
  const select = read.columns.map((c) => `${named[c]} AS ${c}, `).join('');
  return `SELECT ${select}${part.select}${part.clicks(bits.length ? bits.join(' & ') : null)} AS clicks
    FROM (SELECT link_id, owner_id, day, clicks, quarters FROM link_click_days WHERE ${read.links} AND ${days}) ld
    ${part.from} ${joins.join(' ')}`;
}

/** The segments (UTC day, quarters [lo, hi), local date) as one unnest joined to the link-days by day. */
function segmentsSql(p: SqlParams, segments: Segment[]): string {
  const col = <K extends keyof Segment>(k: K) => p.add(segments.map((s) => s[k]));
  return `JOIN unnest(${col('day')}::date[], ${col('lo')}::int[], ${col('hi')}::int[], ${col('local')}::date[]) AS seg(day, lo, hi, ld)
    ON seg.day = ld.day`;
}

/** The days a list of segments spans. */
const spanned = (p: SqlParams, segments: Segment[]) => `day >= ${p.add(segments[0].day)}::date AND day <= ${p.add(segments.at(-1)!.day)}::date`;

/** A closed day's part [lo, hi) of each segment: the ordinal interval [quarters[lo], quarters[hi]). */
function closedSegmentsPart(p: SqlParams, segments: Segment[], select: string): Part {
  const lo = 'coalesce(ld.quarters[seg.lo], 0)';
  const hi = 'ld.quarters[seg.hi]';
  return {
    open: false,
    days: spanned(p, segments),
    from: segmentsSql(p, segments),
    select,
    clicks: (and) => (and ? `bit_count(substring(${and} FROM ${lo} + 1 FOR ${hi} - ${lo}))` : `${hi} - ${lo}`),
  };
}

/**
 * An open day's part [lo, hi) of each segment (`from` joins them as `seg`): its `quarter` bitmaps of those quarters
 * ORed (none needed for a whole day).
 */
function openPart(days: string, from: string, select: string): Part {
  const whole = 'seg.lo = 0 AND seg.hi = 96';
  const mask = `LEFT JOIN LATERAL (SELECT bit_or(${padded('q.bits', 'ld.clicks')}) AS bits FROM link_click_bits q
      WHERE q.link_id = ld.link_id AND q.dimension = 'quarter' AND q.day = ld.day
        AND q.value::int >= seg.lo AND q.value::int < seg.hi AND NOT (${whole})) m ON TRUE`;
  return {
    open: true,
    days,
    from: `${from} ${mask}`,
    select,
    clicks: (and) =>
      and
        ? `coalesce(bit_count(CASE WHEN ${whole} THEN ${and} ELSE ${and} & m.bits END), 0)`
        : `CASE WHEN ${whole} THEN ld.clicks ELSE coalesce(bit_count(m.bits), 0) END`,
  };
}

/**
 * `${columns}, clicks` over exactly [from, to): the closed days' bit counts (whole days, then the partial edges as
 * ordinal intervals) and the open days' (each day's part of the range in quarters, computed per day).
 */
export function bitsRangeSql(read: BitsRead, range: Range, p: SqlParams): string {
  const { days, edges } = splitRange(range.from, range.to);
  const parts: Part[] = [];
  if (days) {
    const whole = `day >= ${p.add(days[0])}::date AND day < ${p.add(days[1])}::date`;
    parts.push({ open: false, days: whole, from: '', select: '', clicks: (and) => (and ? `bit_count(${and})` : 'ld.clicks') });
  }
  const segments = edgeSegments(edges);
  if (segments.length) parts.push(closedSegmentsPart(p, segments, ''));
  const quarter = (at: Date) => `ceil(extract(epoch FROM ${p.add(at)}::timestamptz - ld.day::timestamp AT TIME ZONE 'UTC') / 900)::int`;
  const openSeg = `JOIN LATERAL (SELECT GREATEST(0, ${quarter(range.from)}) AS lo, LEAST(96, ${quarter(range.to)}) AS hi) seg ON seg.lo < seg.hi`;
  const openDays = `day >= ${p.add(utcDate(Math.floor(range.from.getTime() / DAY) * DAY))}::date AND day <= ${p.add(utcDate(range.to.getTime()))}::date`;
  parts.push(openPart(openDays, openSeg, ''));
  return parts.map((part) => partSql(read, p, part)).join(' UNION ALL ');
}

/** Like bitsRangeSql, `${columns}, d, clicks` with d the local date in `zone` of each segment. */
export function bitsLocalDaySql(read: BitsRead, range: Range & { zone: Zone }, p: SqlParams): string {
  const segments = localSegments(range, range.zone);
  if (!segments.length) return `SELECT ${read.columns.map((c) => `NULL AS ${c}, `).join('')}NULL::date AS d, 0::bigint AS clicks WHERE FALSE`;
  const parts = [closedSegmentsPart(p, segments, 'seg.ld AS d, '), openPart(spanned(p, segments), segmentsSql(p, segments), 'seg.ld AS d, ')];
  return parts.map((part) => partSql(read, p, part)).join(' UNION ALL ');
}
