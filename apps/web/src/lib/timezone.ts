/** SPEC §7: timezoneOffset is the browser offset in minutes (Date.prototype.getTimezoneOffset: UTC − local). */
export function timezoneOffset(at: Date = new Date()): number {
  return at.getTimezoneOffset();
}

export function useTimezoneOffset(): number {
  return timezoneOffset();
}

/** The browser's time zone name, e.g. 'Europe/Berlin', falling back to 'UTC±hh:mm'. */
export function timezoneName(): string {
  try {
    const name = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (name) return name;
  } catch {
    /* fall through */
  }
  const off = -timezoneOffset();
  const sign = off >= 0 ? '+' : '-';
  const abs = Math.abs(off);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
