import { OWNER_DIMENSIONS } from '@app/clicks';
import type { ClickFilters } from '@app/contracts';
import type { Zone } from '@app/time';
import { ROLLED_BEFORE, ROLLED_BEFORE_DAY, localDateExpr, splitRange } from '../rollup-range.js';
import type { SqlParams } from '../sql-params.js';
import { CLICK_FILTER_COLUMN, clickFilterSql } from './click-filters.js';
import { localSegments, quartersOf, type Segment } from './owner-pairs.js';

/**
 * Reads of the click bitmaps (migration LinkClickBits, decision 0008 "Bitmaps of each link's day"): per closed UTC
 * link-day, its non-bot clicks numbered in time order (link_click_days, with `quarters[k]` the clicks of the day's
 * first k 15-minute quarters) and per value of the six one-dimension columns the bitmap of its clicks
 * (link_click_bits). Clicks matching any click filters are the bits set in every filtered column's bitmap (several
 * values of one column ORed first: `bit_or`); a breakdown ANDs each value's bitmap too; a part of a day is the ordinal
 * interval [quarters[lo], quarters[hi]). The days from rollup_days.rolled_before on are read from the raw clicks.
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

/**
 * `SELECT ${columns}, ${clicks}` over the closed link-days of `days` (a condition on `day`, its bounds `lo`..`hi`
 * inclusive), joined to `extra` (e.g. the segments): one joined bitmap row per filtered dimension and per grouped
 * value, `clicks(and)` counting from the AND of their bitmaps (null: none, every click counts).
 */
function closedPartSql(
  read: BitsRead,
  p: SqlParams,
  bounds: { lo: string; hi: string; hiOpen: boolean },
  extra: { from: string; select: string },
  clicks: (and: string | null) => string,
): string {
  const { grouped, filtered } = dimensionsOf(read);
  const days = `day >= ${p.add(bounds.lo)}::date AND day ${bounds.hiOpen ? '<' : '<='} ${p.add(bounds.hi)}::date AND day < ${ROLLED_BEFORE_DAY}`;
  const joins: string[] = [];
  const bits: string[] = [];
  filtered.forEach((d, i) => {
    const values = clickFilterSql(filtersOn(read.filters, d), p, () => 'value');
    joins.push(`JOIN (SELECT link_id, day, bit_or(bits) AS bits FROM link_click_bits
                       WHERE ${read.links} AND dimension = '${d}' AND ${values} AND ${days} GROUP BY link_id, day) f${i}
                  ON f${i}.link_id = ld.link_id AND f${i}.day = ld.day`);
    bits.push(`f${i}.bits`);
  });
  const named: Record<string, string> = { link_id: 'ld.link_id', owner_id: 'ld.owner_id' };
  grouped.forEach((d, i) => {
    const values = clickFilterSql(filtersOn(read.filters, d), p, () => 'value');
    joins.push(`JOIN (SELECT link_id, day, value, country, bits FROM link_click_bits
                       WHERE ${read.links} AND dimension = '${d}' AND ${values} AND ${days}) g${i}
                  ON g${i}.link_id = ld.link_id AND g${i}.day = ld.day`);
    bits.push(`g${i}.bits`);
    named[d] = `g${i}.value`;
    if (d === 'country_code') named.country = `g${i}.country`;
  });
  const select = read.columns.map((c) => `${named[c]} AS ${c}, `).join('');
  return `SELECT ${select}${extra.select}${clicks(bits.length ? bits.join(' & ') : null)} AS clicks
    FROM (SELECT link_id, owner_id, day, clicks, quarters FROM link_click_days WHERE ${read.links} AND ${days}) ld
    ${extra.from} ${joins.join(' ')}`;
}

/** The segments as one unnest joined to the link-days by day, each cut to its ordinal interval. */
function segmentsPartSql(read: BitsRead, p: SqlParams, segments: Segment[], withLocalDate: boolean): string {
  const col = <K extends keyof Segment>(k: K) => p.add(segments.map((s) => s[k]));
  const seg = `unnest(${col('day')}::date[], ${col('lo')}::int[], ${col('hi')}::int[], ${col('local')}::date[]) AS seg(day, lo, hi, ld)`;
  const lo = 'coalesce(ld.quarters[seg.lo], 0)';
  const hi = 'ld.quarters[seg.hi]';
  return closedPartSql(
    read,
    p,
    { lo: segments[0].day, hi: segments.at(-1)!.day, hiOpen: false },
    { from: `JOIN ${seg} ON seg.day = ld.day`, select: withLocalDate ? 'seg.ld AS d, ' : '' },
    (and) => (and ? `bit_count(substring(${and} FROM ${lo} + 1 FOR ${hi} - ${lo}))` : `${hi} - ${lo}`),
  );
}

/** The matching raw clicks of [from, to) on the days not rolled up yet, `${columns}, ${extra}1 AS clicks`. */
function openPartSql(read: BitsRead, range: Range, p: SqlParams, raw: (from: string, to: string) => string, extra = ''): string {
  const select = read.columns.map((c) => `${c}, `).join('');
  return `SELECT ${select}${extra}1::bigint AS clicks
    FROM (${raw(`GREATEST(${p.add(range.from)}::timestamptz, ${ROLLED_BEFORE})`, p.add(range.to))}) c
   WHERE ${read.links} AND ${clickFilterSql(read.filters, p)}`;
}

/**
 * `${columns}, clicks` over exactly [from, to): the whole closed days' bit counts, the partial edges' as ordinal
 * intervals, the open days' raw clicks (`raw(from, to)`: SQL selecting the clicks of that range, spelled as the
 * rollups spell them).
 */
export function bitsRangeSql(read: BitsRead, range: Range, p: SqlParams, raw: (from: string, to: string) => string): string {
  const { days, edges } = splitRange(range.from, range.to);
  const parts: string[] = [];
  if (days) {
    parts.push(
      closedPartSql(read, p, { lo: days[0], hi: days[1], hiOpen: true }, { from: '', select: '' }, (and) =>
        and ? `bit_count(${and})` : 'ld.clicks',
      ),
    );
  }
  const segments = edges.flatMap(([a, b]): Segment[] => {
    const t = Math.floor(a.getTime() / DAY) * DAY;
    const q = quartersOf(t, { from: a, to: b });
    return q ? [{ day: utcDate(t), lo: q[0], hi: q[1], local: null }] : [];
  });
  if (segments.length) parts.push(segmentsPartSql(read, p, segments, false));
  parts.push(openPartSql(read, range, p, raw));
  return parts.join(' UNION ALL ');
}

/** Like bitsRangeSql, `${columns}, d, clicks` with d the local date in `zone` of each part. */
export function bitsLocalDaySql(read: BitsRead, range: Range & { zone: Zone }, p: SqlParams, raw: (from: string, to: string) => string): string {
  const segments = localSegments(range, range.zone);
  const parts: string[] = [];
  if (segments.length) parts.push(segmentsPartSql(read, p, segments, true));
  parts.push(openPartSql(read, range, p, raw, `${localDateExpr('clicked_at', range.zone, p)} AS d, `));
  return parts.join(' UNION ALL ');
}
