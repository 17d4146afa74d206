import { ROLLED_BEFORE_DAY } from '../rollup-range.js';
import type { SqlParams } from '../sql-params.js';
import { dimensionsOf, padded, valuesOf, type BitsRead } from './bits-read.js';
import { segmentsRelationSql, type Segment } from './owner-pairs.js';

/**
 * Reads of the closed days from each link's months laid end to end (migration LinkClickMonths, decision 0008 "Each
 * link's month as one bitmap"): per link and UTC month, `cum[d]` the closed clicks of days 1..d
 * (link_click_months) and per value the day bitmaps concatenated (link_click_month_bits), so any run of closed
 * clicks of a month is an ordinal interval [lo, hi): whole days a..b are [cum[a-1], cum[b]), a part [lo, hi) of day
 * d in quarters is cum[d-1] + [quarters[lo], quarters[hi]) (link_click_days).
 */

/**
 * `SELECT ${columns}, [d, ]clicks` over `intervals` (SQL of rows link_id, owner_id, month, total, lo, hi[, ld]: an
 * ordinal interval of a link's month, `total` its closed clicks). Each link and month is one row carrying each
 * filter's OR of matching bitmaps (one key range each, padded to `total`: a value's bitmap ends at the end of its
 * last day), fenced by `OFFSET 0` so it is ANDed once whatever the intervals; then each interval, and one row per
 * value of each grouped dimension.
 */
function intervalsSql(read: BitsRead, p: SqlParams, intervals: string, local: boolean): string {
  const { grouped, filtered } = dimensionsOf(read);
  const laterals = filtered.map(
    (d, i) => `JOIN LATERAL (SELECT bit_or(${padded('b.bits', 'lm.total')}) AS bits FROM link_click_month_bits b
      WHERE b.link_id = lm.link_id AND b.dimension = '${d}' AND b.month = lm.month AND ${valuesOf(read, d, p, 'b.value')}) f${i} ON f${i}.bits IS NOT NULL`,
  );
  const bits = filtered.map((_, i) => `fm.f${i}`);
  const named: Record<string, string> = { link_id: 'iv.link_id', owner_id: 'iv.owner_id' };
  const joins = grouped.map((d, i) => {
    bits.push(padded(`g${i}.bits`, 'iv.total'));
    named[d] = `g${i}.value`;
    if (d === 'country_code') named.country = `g${i}.country`;
    return `JOIN link_click_month_bits g${i} ON g${i}.link_id = iv.link_id AND g${i}.dimension = '${d}' AND g${i}.month = iv.month
      AND ${valuesOf(read, d, p, `g${i}.value`)}`;
  });
  const select = read.columns.map((c) => `${named[c]} AS ${c}, `).join('') + (local ? 'iv.ld AS d, ' : '');
  return `SELECT * FROM (WITH iv AS MATERIALIZED (SELECT * FROM (${intervals}) i WHERE hi > lo)
    SELECT ${select}bit_count(substring(${bits.join(' & ')} FROM iv.lo + 1 FOR iv.hi - iv.lo)) AS clicks
      FROM (SELECT lm.link_id, lm.month${filtered.map((_, i) => `, f${i}.bits AS f${i}`).join('')}
              FROM (SELECT DISTINCT link_id, month, total FROM iv) lm ${laterals.join(' ')}
            OFFSET 0) fm
      JOIN iv ON iv.link_id = fm.link_id AND iv.month = fm.month
      ${joins.join(' ')}) months`;
}

/** `${columns}, clicks` of the closed whole UTC days [first, end): one interval per link and month touched. */
export function monthsWholeDaysSql(read: BitsRead, p: SqlParams, [first, end]: [string, string]): string {
  const [from, to] = [p.add(first), p.add(end)];
  return intervalsSql(
    read,
    p,
    `SELECT m.link_id, m.owner_id, m.month, m.cum[31] AS total,
            coalesce(m.cum[extract(day FROM c.lo)::int - 1], 0) AS lo, m.cum[extract(day FROM c.hi)::int] AS hi
       FROM (SELECT * FROM link_click_months WHERE ${read.links} AND month >= date_trunc('month', ${from}::date) AND month < ${to}::date) m
      CROSS JOIN LATERAL (SELECT greatest(m.month, ${from}::date) AS lo,
                                 least((m.month + interval '1 month')::date, ${to}::date, ${ROLLED_BEFORE_DAY}) - 1 AS hi) c
      WHERE c.hi >= c.lo`,
    false,
  );
}

/**
 * `${columns}, d, clicks` of the closed days' parts `segments` (UTC day, quarters [lo, hi), local date `d`): one
 * interval per link-day and segment.
 */
export function monthsLocalDaysSql(read: BitsRead, p: SqlParams, segments: Segment[]): string {
  const days = `day = ANY(${p.add([...new Set(segments.map((s) => s.day))])}::date[]) AND day < ${ROLLED_BEFORE_DAY}`;
  return intervalsSql(
    read,
    p,
    `SELECT ld.link_id, m.owner_id, m.month, m.cum[31] AS total, seg.ld,
            c.before + coalesce(ld.quarters[seg.lo], 0) AS lo, c.before + ld.quarters[seg.hi] AS hi
       FROM (SELECT link_id, day, quarters FROM link_click_days WHERE ${read.links} AND ${days} AND quarters IS NOT NULL) ld
       JOIN ${segmentsRelationSql(p, segments)} ON seg.day = ld.day
       JOIN link_click_months m ON m.link_id = ld.link_id AND m.month = date_trunc('month', ld.day)::date
      CROSS JOIN LATERAL (SELECT coalesce(m.cum[extract(day FROM ld.day)::int - 1], 0) AS before) c`,
    true,
  );
}
