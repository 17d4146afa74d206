import { MAX_RANGE_DAYS } from '@app/contracts';
import { addDays, daysInclusive, endOfDay, parseYmd, startOfDay } from '../../../lib/dates';

/** Shown under both date pickers: the ranges the server accepts. */
export const RANGE_HINT = `A range can span up to ${MAX_RANGE_DAYS} days, none in the future.`;
export const RANGE_TOO_LONG = `A range can span up to ${MAX_RANGE_DAYS} days`;

/** The period filter of Link Analytics (docs/product.md#states-and-transitions). */
export type Period = 'today' | 'yesterday' | 'last7days' | 'last30days' | 'last90days' | 'all' | 'custom';
export const DEFAULT_PERIOD: Period = 'last7days';
export const PERIOD_OPTIONS: { value: Period; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: 'yesterday', label: 'Yesterday' },
  { value: 'last7days', label: 'Last 7 Days' },
  { value: 'last30days', label: 'Last 30 Days' },
  { value: 'last90days', label: 'Last 90 Days' },
  { value: 'all', label: 'All Time' },
  { value: 'custom', label: 'Custom Range' },
];

export interface DateRange {
  start: Date;
  end: Date;
}
export interface CustomDates {
  start: Date | null;
  end: Date | null;
}
/** What the page asks for: a range of local days, or every day since the link was created (`period=all`). */
export type LinkRange = DateRange | 'all';

/** The period in a page address (`?period=last30days`, custom with `start` and `end` as YYYY-MM-DD), else the default. */
export function periodFromSearch(search: URLSearchParams): { period: Period; custom: CustomDates } {
  const raw = search.get('period');
  const period = PERIOD_OPTIONS.some((o) => o.value === raw) ? (raw as Period) : DEFAULT_PERIOD;
  const ymd = (key: string) => (/^\d{4}-\d{2}-\d{2}$/.test(search.get(key) ?? '') ? parseYmd(search.get(key)!) : null);
  return { period, custom: period === 'custom' ? { start: ymd('start'), end: ymd('end') } : { start: null, end: null } };
}

/** The range a period asks for; null while a custom range lacks a date. */
export function linkRangeOf(period: Period, now: Date, custom: CustomDates): LinkRange | null {
  return period === 'all' ? 'all' : periodRange(period, now, custom);
}

/** today = start..end of today; yesterday = the whole previous day; last7days = start of the day 7 days ago..end of today; custom only once both dates are set. */
export function periodRange(period: Exclude<Period, 'all'>, now: Date, custom: CustomDates = { start: null, end: null }): DateRange | null {
  switch (period) {
    case 'today':
      return { start: startOfDay(now), end: endOfDay(now) };
    case 'yesterday': {
      const y = addDays(now, -1);
      return { start: startOfDay(y), end: endOfDay(y) };
    }
    case 'last7days':
      return { start: startOfDay(addDays(now, -7)), end: endOfDay(now) };
    case 'last30days':
      return { start: startOfDay(addDays(now, -29)), end: endOfDay(now) };
    case 'last90days':
      return { start: startOfDay(addDays(now, -89)), end: endOfDay(now) };
    case 'custom':
      return custom.start && custom.end ? { start: startOfDay(custom.start), end: endOfDay(custom.end) } : null;
  }
}

/** Choosing custom with no dates preselects start = 7 days ago, end = now. */
export function initialCustomDates(current: CustomDates, now: Date): CustomDates {
  if (current.start || current.end) return current;
  return { start: addDays(now, -7), end: now };
}

/** Custom-range rules (docs/product.md#validation): no future dates; end not before start. Inputs are 'YYYY-MM-DD'. */
export function customRangeError(start: string, end: string, now: Date): string | null {
  const today = endOfDay(now).getTime();
  if (start && parseYmd(start).getTime() > today) return 'Start date cannot be in the future';
  if (end && parseYmd(end).getTime() > today) return 'End date cannot be in the future';
  if (start && end && parseYmd(end).getTime() < parseYmd(start).getTime()) return 'End date cannot be before start date';
  if (start && end && daysInclusive(parseYmd(start), parseYmd(end)) > MAX_RANGE_DAYS) return RANGE_TOO_LONG;
  return null;
}

/** 'Apply Range' is enabled only with both dates set and valid. */
export function canApplyRange(start: string, end: string, now: Date): boolean {
  return Boolean(start && end) && customRangeError(start, end, now) === null;
}
