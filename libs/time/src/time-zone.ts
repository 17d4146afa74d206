/**
 * Time-zone math for `timezoneOffset` = JavaScript's getTimezoneOffset(): minutes, UTC minus local
 * (UTC+05:30 → -330, UTC-08:00 → 480). Local dates are 'YYYY-MM-DD' strings; instants are Dates.
 */
const MINUTE = 60_000;
const DAY = 86_400_000;

/** The local calendar date (YYYY-MM-DD) of an instant. */
export function localDateString(instant: Date, offset: number): string {
  return new Date(instant.getTime() - offset * MINUTE).toISOString().slice(0, 10);
}

/** The UTC instant at which a local date begins. */
export function localMidnight(date: string, offset: number): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d) + offset * MINUTE);
}

export function startOfLocalDay(instant: Date, offset: number): Date {
  return localMidnight(localDateString(instant, offset), offset);
}

/** Monday 00:00 local of the week containing the instant (weeks start on Monday). */
export function startOfLocalWeek(instant: Date, offset: number): Date {
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
