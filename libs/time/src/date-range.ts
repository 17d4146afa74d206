import { AppError, MAX_RANGE_DAYS } from '@app/contracts';
import { addDays, daysBetween, isKnownTimeZone, localDateString, localMidnight, type Zone } from './time-zone.js';

/** An inclusive range of local dates and the half-open UTC interval [from, to) it covers. */
export interface LocalRange {
  startDate: string;
  endDate: string;
  from: Date;
  to: Date;
  /** The caller's zone: a fixed timezoneOffset or an IANA name. */
  zone: Zone;
}

export { MAX_RANGE_DAYS };

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

/**
 * The caller's zone from `timeZone` (IANA name, e.g. Europe/Berlin: local days follow its daylight-saving changes)
 * or else `timezoneOffset` (fixed minutes; programs that send only it keep working). Both are validated.
 */
export function parseZone(query: { timeZone?: unknown; timezoneOffset?: unknown }): Zone {
  const offset = parseTimezoneOffset(query.timezoneOffset);
  if (query.timeZone === undefined || query.timeZone === null || query.timeZone === '') return offset;
  const name = String(query.timeZone).trim();
  if (name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name) || !isKnownTimeZone(name)) {
    const shown = name.length > 40 ? name.slice(0, 40) + '…' : name;
    throw new AppError(400, `timeZone must be an IANA time zone name like Europe/Berlin, got "${shown}".`);
  }
  return name;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date parameter as the local date it names: 'YYYY-MM-DD' is taken as is; an ISO instant
 * ('2026-11-22T18:30:00.000Z') is the local date containing that instant.
 */
export function parseDateParam(raw: unknown, name: string, offset: Zone): string {
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
  offset: Zone,
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
  return { startDate, endDate, from: localMidnight(startDate, offset), to: localMidnight(addDays(endDate, 1), offset), zone: offset };
}

/** The range of the same number of local days just before `range` (`compare=previous`). */
export function previousRange(range: LocalRange): LocalRange {
  const days = daysBetween(range.startDate, range.endDate) + 1;
  const endDate = addDays(range.startDate, -1);
  const startDate = addDays(range.startDate, -days);
  const zone = range.zone;
  return { startDate, endDate, from: localMidnight(startDate, zone), to: localMidnight(range.startDate, zone), zone };
}
