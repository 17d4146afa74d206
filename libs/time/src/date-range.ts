import { AppError } from '@app/contracts';
import { addDays, daysBetween, localDateString, localMidnight } from './time-zone.js';

/** An inclusive range of local dates and the half-open UTC interval [from, to) it covers. */
export interface LocalRange {
  startDate: string;
  endDate: string;
  from: Date;
  to: Date;
  offset: number;
}

export const MAX_RANGE_DAYS = 366;

/** Parses `timezoneOffset` (default 0): a whole number of minutes in [-840, 840], a multiple of 15. */
export function parseTimezoneOffset(raw: unknown): number {
  if (raw === undefined || raw === null || raw === '') return 0;
  const s = String(raw).trim();
  if (!/^[-+]?\d{1,4}$/.test(s)) throw new AppError(400, 'timezoneOffset must be a whole number of minutes, like -330 or 480.');
  const n = Number(s);
  if (n < -840 || n > 840 || n % 15 !== 0) {
    throw new AppError(400, 'timezoneOffset must be between -840 and 840 minutes and a multiple of 15.');
  }
  return n === 0 ? 0 : n;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date parameter as the local date it names: 'YYYY-MM-DD' is taken as is; an ISO instant
 * ('2026-11-22T18:30:00.000Z') is the local date containing that instant.
 */
export function parseDateParam(raw: unknown, name: string, offset: number): string {
  const s = String(raw ?? '').trim();
  if (DATE_ONLY.test(s)) {
    const t = Date.parse(s + 'T00:00:00Z');
    if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== s) throw badDate(name, s);
    checkYear(name, s);
    return s;
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(s) || s.length > 40) throw badDate(name, s);
  const t = Date.parse(s);
  if (Number.isNaN(t)) throw badDate(name, s);
  const date = localDateString(new Date(t), offset);
  checkYear(name, date);
  return date;
}

function checkYear(name: string, date: string) {
  const y = Number(date.slice(0, 4));
  if (y < 2000 || y > 2100) throw new AppError(400, `${name} must be a date between 2000 and 2100.`);
}

function badDate(name: string, value: string) {
  const shown = value.length > 40 ? value.slice(0, 40) + '…' : value;
  return new AppError(400, `${name} must be a date like 2026-11-22 or an ISO timestamp, got "${shown}".`);
}

/**
 * The inclusive local range from optional startDate/endDate; without them, the last `defaultDays` days ending today.
 * Both or neither must be given; end before start or longer than a year → 400.
 */
export function resolveRange(
  query: { startDate?: unknown; endDate?: unknown },
  offset: number,
  defaultDays: number,
  now: Date = new Date(),
): LocalRange {
  const hasStart = query.startDate !== undefined && query.startDate !== '';
  const hasEnd = query.endDate !== undefined && query.endDate !== '';
  let startDate: string;
  let endDate: string;
  if (hasStart || hasEnd) {
    if (!hasStart || !hasEnd) throw new AppError(400, 'Give both startDate and endDate, or neither.');
    startDate = parseDateParam(query.startDate, 'startDate', offset);
    endDate = parseDateParam(query.endDate, 'endDate', offset);
    if (endDate < startDate) throw new AppError(400, 'endDate must not be before startDate.');
    if (daysBetween(startDate, endDate) + 1 > MAX_RANGE_DAYS) throw new AppError(400, 'A date range can span at most one year.');
  } else {
    endDate = localDateString(now, offset);
    startDate = addDays(endDate, -(defaultDays - 1));
  }
  return { startDate, endDate, from: localMidnight(startDate, offset), to: localMidnight(addDays(endDate, 1), offset), offset };
}
