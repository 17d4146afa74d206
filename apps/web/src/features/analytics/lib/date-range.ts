import { addDays, endOfDay, startOfDay, toYmd } from '../../../lib/dates';

/** A whole-day range in local time: start at 00:00, end at 23:59:59.999. */
export interface DateRange {
  start: Date;
  end: Date;
}

export const QUICK_RANGES = [7, 14, 30, 60, 90] as const;
export const DEFAULT_RANGE_DAYS = 30;

/** 'Last N days': N calendar days ending today. */
export function lastDays(days: number, now = new Date()): DateRange {
  return { start: startOfDay(addDays(now, -(days - 1))), end: endOfDay(now) };
}

/** Which quick range a range equals, if any (for highlighting the quick-select button). */
export function quickRangeOf(range: DateRange, now = new Date()): number | null {
  return (
    QUICK_RANGES.find((d) => {
      const q = lastDays(d, now);
      return q.start.getTime() === range.start.getTime() && q.end.getTime() === range.end.getTime();
    }) ?? null
  );
}

/** Query params: trends and geographic take ISO instants, performance and export take local YYYY-MM-DD. */
export function isoParams(range: DateRange) {
  return { startDate: range.start.toISOString(), endDate: range.end.toISOString() };
}
export function ymdParams(range: DateRange) {
  return { startDate: toYmd(range.start), endDate: toYmd(range.end) };
}
