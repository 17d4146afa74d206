/**
 * Time-zone math. A zone is either a fixed `timezoneOffset` = JavaScript's getTimezoneOffset(): minutes, UTC minus
 * local (UTC+05:30 → -330, UTC-08:00 → 480), or an IANA name ('Europe/Berlin') whose offset changes with daylight
 * saving, so each local day gets its own boundaries (a day can last 23 or 25 hours). Local dates are 'YYYY-MM-DD'
 * strings; instants are Dates.
 */
export type Zone = number | string;

const MINUTE = 60_000;
const DAY = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClock(name: string): Intl.DateTimeFormat {
  let f = formatters.get(name);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: name,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(name, f);
  }
  return f;
}

/** True when `name` is a time zone this runtime knows (IANA names such as 'Europe/Berlin', 'UTC'). */
export function isKnownTimeZone(name: string): boolean {
  try {
    wallClock(name);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset at an instant, as getTimezoneOffset() would say there: UTC minus local, minutes. */
export function offsetAt(instant: Date, zone: Zone): number {
  if (typeof zone === 'number') return zone;
  const parts = Object.fromEntries(
    wallClock(zone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  const exact = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((exact - wall) / MINUTE);
}

/** The local calendar date (YYYY-MM-DD) of an instant. */
export function localDateString(instant: Date, zone: Zone): string {
  return new Date(instant.getTime() - offsetAt(instant, zone) * MINUTE).toISOString().slice(0, 10);
}

/** The UTC instant at which a local date begins (in a named zone, with the offset in force at that midnight). */
export function localMidnight(date: string, zone: Zone): Date {
  const [y, m, d] = date.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d);
  const guess = wall + offsetAt(new Date(wall), zone) * MINUTE;
  return new Date(wall + offsetAt(new Date(guess), zone) * MINUTE);
}

export function startOfLocalDay(instant: Date, zone: Zone): Date {
  return localMidnight(localDateString(instant, zone), zone);
}

/**
 * The local day containing an instant, as the half-open UTC interval [from, to): calendar days in the zone, so a
 * day across a daylight-saving change lasts 23 or 25 hours.
 */
export function localDayOf(instant: Date, zone: Zone): { from: Date; to: Date } {
  const date = localDateString(instant, zone);
  return { from: localMidnight(date, zone), to: localMidnight(addDays(date, 1), zone) };
}

/** Monday 00:00 local of the week containing the instant (weeks start on Monday). */
export function startOfLocalWeek(instant: Date, offset: Zone): Date {
  const date = localDateString(instant, offset);
  const weekday = new Date(date + 'T00:00:00Z').getUTCDay(); // 0 = Sunday
  return localMidnight(addDays(date, -((weekday + 6) % 7)), offset);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(date + 'T00:00:00Z') + days * DAY).toISOString().slice(0, 10);
}

/** Every local date from start to end, inclusive (empty when end < start). */
export function eachDate(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Whole days from a to b (b - a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(b + 'T00:00:00Z') - Date.parse(a + 'T00:00:00Z')) / DAY);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'MMM d, yyyy' of a local date: '2026-11-02' → 'Nov 2, 2026'. */
export function formatDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}
