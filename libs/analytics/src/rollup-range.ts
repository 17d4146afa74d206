import { MAX_FUTURE_MS, ROLLUP_FAMILIES, type RollupFamily } from '@app/clicks';
import { offsetAt, type Zone } from '@app/time';
import type { SqlParams } from './sql-params.js';

/**
 * A rollup family (the clicks lib's manifest): the same counts at two grains, UTC 15-minute buckets (`bucket`) and
 * UTC days (`day`). Per-link families carry link_id and owner_id; per-owner families (kept by triggers, see the
 * owner-rollups migration) carry owner_id only. The per-day tables hold the days before
 * `rollup_days.rolled_before` (migration DaysRolledUp); the whole days from it on are read from the 15-minute
 * tables, like the partial edges of a range. Both come from the one snapshot of the statement that reads them.
 */
export type { RollupFamily };
export const ROLLUPS = ROLLUP_FAMILIES;
/** What the range reads need of a family: its two tables, or a subquery standing for each (`(SELECT …) d`). */
export type FamilyTables = { quarter: string; daily: string };

const DAY = 86_400_000;
const utcDate = (d: Date) => d.toISOString().slice(0, 10);
const midnight = (day: string) => new Date(`${day}T00:00:00Z`);
/** The first UTC day the per-day tables do not hold (a date), and the timestamptz of its midnight. */
export const ROLLED_BEFORE_DAY = '(SELECT rolled_before FROM rollup_days)';
export const ROLLED_BEFORE = `(${ROLLED_BEFORE_DAY}::timestamp AT TIME ZONE 'UTC')`;

/** The 15-minute rows of the whole days [from, to) that are not rolled up into the per-day tables yet. */
const notRolledUp = (p: SqlParams, from: string, to: string) =>
  `(bucket >= GREATEST(${p.add(midnight(from))}::timestamptz, ${ROLLED_BEFORE}) AND bucket < ${p.add(midnight(to))})`;

export interface RangeSplit {
  /** Whole UTC days inside the range, as [startDay, endDay) 'YYYY-MM-DD'; null when none. */
  days: [string, string] | null;
  /** The partial edges, each shorter than a day, as half-open UTC intervals. */
  edges: [Date, Date][];
}

/** Splits [from, to) into the UTC days fully inside it and the (at most two) partial edges. */
export function splitRange(from: Date, to: Date): RangeSplit {
  const firstDay = Math.ceil(from.getTime() / DAY) * DAY;
  const lastDay = Math.floor(to.getTime() / DAY) * DAY;
  if (to <= from) return { days: null, edges: [] };
  if (firstDay >= lastDay) return { days: null, edges: [[from, to]] };
  const edges: [Date, Date][] = [];
  if (from.getTime() < firstDay) edges.push([from, new Date(firstDay)]);
  if (lastDay < to.getTime()) edges.push([new Date(lastDay), to]);
  return { days: [utcDate(new Date(firstDay)), utcDate(new Date(lastDay))], edges };
}

/**
 * The whole-day `parts` plus, from the 15-minute table `quarter`, the partial edges and the whole `days` not rolled
 * up yet, as one UNION ALL. `apart`: each window a part of its own, one range of a (link_id, bucket, …) key each,
 * for reads of many links by `link_id IN (…)`, where one OR of them leaves only link_id to search by (the planner
 * then read all of link_geo_15m, decision 0008's measurements); without it one part with the OR, which the
 * (owner_id, bucket) indexes answer as one bitmap scan (split, the planner took the bucket index instead: 3,392
 * blocks instead of 301 for the unfiltered per-link read of the scale-1 bench database).
 */
function withEdgesSql(
  parts: string[],
  quarter: string,
  { days, edges }: RangeSplit,
  p: SqlParams,
  cols: string,
  where: string,
  apart = false,
): string {
  const windows = edges.map(([a, b]) => `(bucket >= ${p.add(a)} AND bucket < ${p.add(b)})`);
  if (days) windows.push(notRolledUp(p, days[0], days[1]));
  const quarterPart = (w: string) => `SELECT ${cols}clicks FROM ${quarter} WHERE ${where} AND ${w}`;
  if (apart) parts.push(...windows.map(quarterPart));
  else if (windows.length) parts.push(quarterPart(`(${windows.join(' OR ')})`));
  if (!parts.length) return `SELECT ${cols}0::bigint AS clicks WHERE FALSE`;
  return parts.join(' UNION ALL ');
}

/**
 * SQL selecting `${columns}, clicks` from the rows of a family that cover exactly [from, to):
 * the whole UTC days from the daily table, the partial edges (< 1 day each) from the 15-minute table.
 * `where` filters both tables (e.g. `owner_id = $1`); use it as `FROM (${sql}) r GROUP BY ...`.
 */
export function rollupRangeSql(
  family: FamilyTables,
  range: { from: Date; to: Date },
  p: SqlParams,
  columns: string,
  where: string,
  { windowsApart = false }: { windowsApart?: boolean } = {},
): string {
  const split = splitRange(range.from, range.to);
  const { days } = split;
  const cols = columns ? `${columns}, ` : '';
  const parts: string[] = [];
  if (days) {
    parts.push(`SELECT ${cols}clicks FROM ${family.daily} WHERE ${where} AND day >= ${p.add(days[0])}::date AND day < ${p.add(days[1])}::date`);
  }
  return withEdgesSql(parts, family.quarter, split, p, cols, where, windowsApart);
}

/**
 * SQL for the local date of the timestamptz `column` in `zone`: a fixed offset (UTC minus local, minutes) shifts it;
 * an IANA name lets Postgres apply that zone's rules, so days around a daylight-saving change are exact (every real
 * offset and change falls on a 15-minute bucket boundary).
 */
export function localDateExpr(column: string, zone: Zone, p: SqlParams): string {
  if (typeof zone === 'string') return `(${column} AT TIME ZONE ${p.add(zone)})::date`;
  return `((${column} AT TIME ZONE 'UTC') - make_interval(mins => ${p.add(zone)}))::date`;
}

/** A 15-minute bucket (a quarter of an hour), in ms: the grain of every 15-minute rollup. */
export const QUARTER = 900_000;

/**
 * No stored click is more than MAX_FUTURE_MS ahead of the worker that ingested it (parse-click-event); with a quarter
 * of an hour more for the clocks of other hosts, none is later than now + CLICKS_AHEAD_MS: from an instant after that
 * on, no read can find a click yet.
 */
const CLICKS_AHEAD_MS = MAX_FUTURE_MS + QUARTER;
export const beyondStoredClicks = (t: number): boolean => t > Date.now() + CLICKS_AHEAD_MS;

/**
 * The 15-minute buckets of the UTC day `day` whose local date in `zone` may differ from it, as at most two
 * half-open windows: west of UTC the day's first hours (the local day before), east of it its last hours (the next
 * local day), both when a daylight-saving change crosses UTC that day. Windows wider than needed change no sum
 * (see localDaySql).
 */
export function shiftedWindows(day: string, zone: Zone): [Date, Date][] {
  const start = midnight(day).getTime();
  const offsets = [0, DAY / 2, DAY].map((t) => offsetAt(new Date(start + t), zone) * 60_000); // UTC minus local
  const west = Math.ceil(Math.max(0, ...offsets) / QUARTER) * QUARTER;
  const east = Math.floor(Math.min(0, ...offsets) / QUARTER) * QUARTER;
  const windows: [Date, Date][] = [];
  if (west > 0) windows.push([new Date(start), new Date(start + Math.min(west, DAY))]);
  if (east < 0) windows.push([new Date(start + Math.max(DAY + east, west)), new Date(start + DAY)]);
  return windows;
}

/**
 * SQL selecting `${columns}, d, clicks` where d is the caller's local date of each row within [from, to). With
 * offset 0 local days are UTC days and the daily table answers. Otherwise the partial edges and the days not rolled
 * up yet come from the 15-minute table, each bucket put into its local day; each whole rolled-up UTC day is its daily
 * row, dated that day, corrected by the buckets whose local date may differ (shiftedWindows): each moves its clicks
 * from the UTC date to its local date (a bucket of the same date moves them nowhere). At UTC+05:30 that is 22 of the
 * day's 96 buckets (docs/performance-history.md, "Local days from daily rows, the day so far in one row per place").
 */
export function localDaySql(family: FamilyTables, range: { from: Date; to: Date; zone: Zone }, p: SqlParams, columns: string, where: string): string {
  const cols = columns ? `${columns}, ` : '';
  if (range.zone === 0) {
    const [from, to] = [utcDate(range.from), utcDate(range.to)];
    return `SELECT ${cols}day AS d, clicks FROM ${family.daily}
      WHERE ${where} AND day >= ${p.add(from)}::date AND day < ${p.add(to)}::date
      UNION ALL
      SELECT ${cols}(bucket AT TIME ZONE 'UTC')::date AS d, clicks FROM ${family.quarter} WHERE ${where} AND ${notRolledUp(p, from, to)}`;
  }
  const split = splitRange(range.from, range.to);
  const local = localDateExpr('bucket', range.zone, p);
  const parts: string[] = [];
  const { days } = split;
  if (days) {
    const windows: [Date, Date][] = [];
    for (let t = Date.parse(`${days[0]}T00:00:00Z`); t < Date.parse(`${days[1]}T00:00:00Z`); t += DAY) {
      windows.push(...shiftedWindows(utcDate(new Date(t)), range.zone));
    }
    parts.push(
      `SELECT ${cols}day AS d, clicks FROM ${family.daily} WHERE ${where} AND day >= ${p.add(days[0])}::date AND day < ${p.add(days[1])}::date`,
    );
    if (windows.length) {
      // One key range per window of a rolled-up day, summed by local date inside it (an aggregate the planner does
      // not pull up, so the loop stays): as one condition (a bucket list, OR-ed ranges or a join) the planner searched
      // by owner only and filtered all its 90 days' rows (2,197 heap blocks at 11M clicks, docs/performance-history.md).
      const iso = (i: 0 | 1) => p.add(windows.map((w) => w[i].toISOString()));
      parts.push(
        `SELECT ${cols}moved.d, moved.n AS clicks
          FROM unnest(${iso(0)}::timestamptz[], ${iso(1)}::timestamptz[]) w(a, b)
          CROSS JOIN LATERAL (SELECT ${cols}${local} AS ld, sum(clicks)::bigint AS n FROM ${family.quarter}
            WHERE ${where} AND bucket >= w.a AND bucket < w.b GROUP BY ${cols}ld) q
          CROSS JOIN LATERAL (VALUES (q.ld, q.n), ((w.a AT TIME ZONE 'UTC')::date, -q.n)) moved(d, n)
          WHERE w.a < ${ROLLED_BEFORE}`,
      );
    }
  }
  const windows = split.edges.map(([a, b]) => `(bucket >= ${p.add(a)} AND bucket < ${p.add(b)})`);
  if (days) windows.push(notRolledUp(p, days[0], days[1]));
  if (windows.length) parts.push(`SELECT ${cols}${local} AS d, clicks FROM ${family.quarter} WHERE ${where} AND (${windows.join(' OR ')})`);
  if (!parts.length) return `SELECT ${cols}NULL::date AS d, 0::bigint AS clicks WHERE FALSE`;
  return parts.join(' UNION ALL ');
}

/**
 * `${cols}clicks` of the whole UTC days [days[0], days[1]) from a monthly cumulative table (`month`, and `cum[d]` the
 * clicks of days 1..d of the month): cum[b] - cum[a-1] of days a..b of each month touched, one row per key and month.
 */
export function monthlyDaysSql(monthly: string, days: [string, string], p: SqlParams, cols: string, where: string): string {
  const [first] = days;
  const last = utcDate(new Date(Date.parse(`${days[1]}T00:00:00Z`) - DAY));
  const firstMonth = p.add(`${first.slice(0, 7)}-01`);
  const lastMonth = p.add(`${last.slice(0, 7)}-01`);
  const lo = `CASE WHEN month = ${firstMonth}::date THEN ${p.add(Number(first.slice(8)))}::int ELSE 1 END`;
  const hi = `CASE WHEN month = ${lastMonth}::date THEN ${p.add(Number(last.slice(8)))}::int ELSE 31 END`;
  return `SELECT ${cols}cum[${hi}] - coalesce(cum[${lo} - 1], 0) AS clicks FROM ${monthly}
    WHERE ${where} AND month >= ${firstMonth}::date AND month <= ${lastMonth}::date`;
}

/**
 * Like rollupRangeSql for the geography, reading the whole days from the monthly cumulative table
 * (owner_geo_monthly, see the analytics-read-paths migration): clicks of days a..b of a month are
 * cum[b] - cum[a-1], so each place costs one row per month touched instead of one per day. The days not rolled up
 * yet come from `openDays` (owner_geo_open_days: one row per place and day), and so does a range's last partial day
 * when it is open and mostly past (the day so far, less the buckets from the range's end on: none when it ends now);
 * the other partial edges from the 15-minute table (docs/performance-history.md, "Local days from daily rows, the
 * day so far in one row per place"). Without `openDays` (the per-link geography, link_geo_monthly), the days not
 * rolled up and the edges come from the 15-minute table as rollupRangeSql reads a per-link family's, each window
 * apart.
 */
export function monthlyCumulativeRangeSql(
  tables: { monthly: string; quarter: string; openDays?: string },
  range: { from: Date; to: Date },
  p: SqlParams,
  columns: string,
  where: string,
): string {
  const { monthly, quarter, openDays } = tables;
  const split = splitRange(range.from, range.to);
  const { days } = split;
  const cols = columns ? `${columns}, ` : '';
  const parts: string[] = [];
  const open = (day: string) => `${day}::date >= (SELECT rolled_before FROM rollup_days)`;
  if (days) parts.push(monthlyDaysSql(monthly, days, p, cols, where));
  if (!openDays) return withEdgesSql(parts, quarter, split, p, cols, where, true);
  if (days) {
    parts.push(
      `SELECT ${cols}clicks FROM ${openDays} WHERE ${where} AND day >= ${p.add(days[0])}::date AND day < ${p.add(days[1])}::date AND ${open('day')}`,
    );
  }
  const windows: string[] = [];
  for (const [a, b] of split.edges) {
    const mostOfADay = a.getTime() % DAY === 0 && b.getTime() - a.getTime() > DAY / 2;
    if (!mostOfADay) {
      windows.push(`(bucket >= ${p.add(a)} AND bucket < ${p.add(b)})`);
      continue;
    }
    const day = `${p.add(utcDate(a))}::date`;
    parts.push(
      `SELECT ${cols}clicks FROM ${openDays} WHERE ${where} AND day = ${day} AND ${open(day)}`,
      `SELECT ${cols}-clicks AS clicks FROM ${quarter}
        WHERE ${where} AND bucket >= ${p.add(b)} AND bucket < ${p.add(new Date(a.getTime() + DAY))} AND ${open(day)}`,
    );
    windows.push(`(bucket >= ${p.add(a)} AND bucket < ${p.add(b)} AND NOT ${open(day)})`);
  }
  if (windows.length) parts.push(`SELECT ${cols}clicks FROM ${quarter} WHERE ${where} AND (${windows.join(' OR ')})`);
  if (!parts.length) return `SELECT ${cols}0::bigint AS clicks WHERE FALSE`;
  return parts.join(' UNION ALL ');
}
