/** docs/product.md#calls: timezoneOffset is the browser offset in minutes (Date.prototype.getTimezoneOffset: UTC − local). */
export function timezoneOffset(at: Date = new Date()): number {
  return at.getTimezoneOffset();
}

export function useTimezoneOffset(): number {
  return timezoneOffset();
}

/** How long the browser's zone is reused: building an Intl.DateTimeFormat costs milliseconds, and every call sends it. */
const ZONE_MEMO_MS = 60_000;
let zoneMemo: { zone: string | undefined; at: number } | undefined;

/** The browser's IANA zone ('Europe/Berlin'), or undefined when the browser does not say (re-read every minute). */
export function ianaTimeZone(now: number = Date.now()): string | undefined {
  if (zoneMemo && now - zoneMemo.at < ZONE_MEMO_MS) return zoneMemo.zone;
  let zone: string | undefined;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    zone = undefined;
  }
  zoneMemo = { zone, at: now };
  return zone;
}

/** The browser's time zone name, e.g. 'Europe/Berlin', falling back to 'UTC±hh:mm'. */
export function timezoneName(): string {
  const name = ianaTimeZone();
  if (name) return name;
  const off = -timezoneOffset();
  const sign = off >= 0 ? '+' : '-';
  const abs = Math.abs(off);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
