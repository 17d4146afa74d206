/** Small date helpers (no date library): 'MMM d, yyyy' display, local day bounds, YYYY-MM-DD. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export const DAY_MS = 86_400_000;

function toDate(d: Date | string | number): Date {
  return d instanceof Date ? d : new Date(d);
}

/** 'MMM d, yyyy' in local time, e.g. 'Nov 3, 2026'. A bare 'YYYY-MM-DD' is read as that calendar day. */
export function formatDate(d: Date | string | number): string {
  const date = typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d) ? parseYmd(d) : toDate(d);
  if (Number.isNaN(date.getTime())) return '';
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** 'MMM d' (short form for chart axes). */
export function formatShortDate(d: Date | string | number): string {
  const date = typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d) ? parseYmd(d) : toDate(d);
  return `${MONTHS[date.getMonth()]} ${date.getDate()}`;
}

/** 'MMM d, yyyy h:mm AM' local. */
export function formatDateTime(d: Date | string | number): string {
  const date = toDate(d);
  if (Number.isNaN(date.getTime())) return '';
  const h = date.getHours();
  const m = String(date.getMinutes()).padStart(2, '0');
  return `${formatDate(date)} ${h % 12 === 0 ? 12 : h % 12}:${m} ${h < 12 ? 'AM' : 'PM'}`;
}

/** Local calendar day 'YYYY-MM-DD'. */
export function toYmd(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' → local midnight of that day. */
export function parseYmd(s: string): Date {
  const [y, m, d] = s.split('-').map(Number);
  return new Date(y, m - 1, d);
}

export function startOfDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate(), 0, 0, 0, 0);
}
export function endOfDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate(), 23, 59, 59, 999);
}
export function addDays(d: Date, n: number): Date {
  const r = new Date(d);
  r.setDate(r.getDate() + n);
  return r;
}

/** Calendar helpers (month views of the date pickers). */
export function addMonths(d: Date, n: number): Date {
  return new Date(d.getFullYear(), d.getMonth() + n, 1);
}
export function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}
export function monthTitle(d: Date): string {
  return d.toLocaleString('en-US', { month: 'long', year: 'numeric' });
}
/** The weeks of a month as rows of 7 cells (Monday first), null outside the month. */
export function monthGrid(month: Date): (Date | null)[][] {
  const first = new Date(month.getFullYear(), month.getMonth(), 1);
  const days = new Date(month.getFullYear(), month.getMonth() + 1, 0).getDate();
  const lead = (first.getDay() + 6) % 7;
  const cells: (Date | null)[] = Array.from({ length: lead }, () => null);
  for (let i = 1; i <= days; i++) cells.push(new Date(month.getFullYear(), month.getMonth(), i));
  while (cells.length % 7) cells.push(null);
  const rows: (Date | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) rows.push(cells.slice(i, i + 7));
  return rows;
}

/** Whole calendar days from `from` to `to`, counting both ends (same day → 1). */
export function daysInclusive(from: Date | string, to: Date): number {
  const a = startOfDay(toDate(from)).getTime();
  const b = startOfDay(to).getTime();
  return Math.max(1, Math.round((b - a) / DAY_MS) + 1);
}
