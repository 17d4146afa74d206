import { UUID_PATTERN as UUID, type ClickEvent } from '@app/contracts';

export type ParsedClick = { ok: true; click: ClickEvent } | { ok: false; reason: string };

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
/** Clicks from before the product existed are impossible; from the future only within clock skew. */
const EARLIEST_YEAR = 2000;
export const MAX_FUTURE_MS = 5 * 60_000;

/** Why `at` is not a real, plausible instant (null when it is): every field in range, Feb 30 refused, ≤ 5 min ahead. */
function instantProblem(at: string, canonical: boolean, now: number): string | null {
  if (canonical) return plausibility(Date.parse(at), Number(at.slice(0, 4)), now);
  const m = ISO_INSTANT.exec(at);
  if (!m) return 'at must be an ISO instant';
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number);
  if (!realDateTime(year, month, day, hour, minute, second)) return 'at is not a real date and time';
  return plausibility(Date.parse(at), year, now);
}

function plausibility(t: number, year: number, now: number): string | null {
  if (Number.isNaN(t) || year < EARLIEST_YEAR) return 'at is not a plausible click time';
  if (t > now + MAX_FUTURE_MS) return 'at is more than 5 minutes in the future';
  return null;
}

/** Days of each month outside February (runs for every click: no Date object). */
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function realDateTime(year: number, month: number, day: number, hour: number, minute: number, second: number): boolean {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const daysInMonth = month === 2 ? (leap ? 29 : 28) : month >= 1 && month <= 12 ? DAYS_IN_MONTH[month - 1] : 0;
  return day >= 1 && day <= daysInMonth && hour <= 23 && minute <= 59 && second <= 59;
}

/**
 * `YYYY-MM-DDTHH:MM:SS.mmmZ` naming a real date and time: the form every click the redirector makes arrives in
 * (toISOString), checked with character codes instead of a regex match and its captures (it runs for every click).
 */
function isCanonicalUtc(at: string): boolean {
  if (at.length !== 24 || at.charCodeAt(23) !== 90 /* Z */ || at.charCodeAt(19) !== 46 /* . */) return false;
  const n = (i: number, len: number) => {
    let v = 0;
    for (let k = i; k < i + len; k++) {
      const d = at.charCodeAt(k) - 48;
      if (d < 0 || d > 9) return -1;
      v = v * 10 + d;
    }
    return v;
  };
  if (at[4] !== '-' || at[7] !== '-' || at[10] !== 'T' || at[13] !== ':' || at[16] !== ':' || n(20, 3) < 0) return false;
  const year = n(0, 4);
  const month = n(5, 2);
  const day = n(8, 2);
  const hour = n(11, 2);
  const minute = n(14, 2);
  const second = n(17, 2);
  if (year < 0 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) return false;
  return realDateTime(year, month, day, hour, minute, second);
}

const MAX_TEXT = 2048;

function text(value: unknown, field: string, required: boolean): string | { reason: string } {
  if (value === undefined || value === null) return required ? { reason: `${field} is missing` } : '';
  if (typeof value !== 'string') return { reason: `${field} must be a string` };
  // Postgres text cannot hold NUL characters: drop them rather than fail the whole batch.
  const clean = value.includes('\u0000') ? value.replace(/\u0000/g, '') : value;
  return clean.length > MAX_TEXT ? clean.slice(0, MAX_TEXT) : clean;
}

/**
 * Checks one click of a job payload; returns the click (strings without NUL, cut to a sane length) or why it is
 * refused. `now` bounds how far ahead `at` may be (pass one per batch: this runs for every click).
 */
export function parseClickEvent(input: unknown, now: Date = new Date()): ParsedClick {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { ok: false, reason: 'click is not an object' };
  const raw = input as Record<string, unknown>;
  if (typeof raw.id !== 'string' || !UUID.test(raw.id)) return { ok: false, reason: 'id must be a UUID' };
  if (typeof raw.linkId !== 'string' || !UUID.test(raw.linkId)) return { ok: false, reason: `click ${raw.id}: linkId must be a UUID` };
  if (typeof raw.at !== 'string') return { ok: false, reason: `click ${raw.id}: at must be an ISO instant` };
  const canonical = isCanonicalUtc(raw.at);
  const problem = instantProblem(raw.at, canonical, now.getTime());
  if (problem) return { ok: false, reason: `click ${raw.id}: ${problem}` };
  const ip = text(raw.ip, 'ip', true);
  const userAgent = text(raw.userAgent, 'userAgent', false);
  const referer = text(raw.referer, 'referer', false);
  const host = text(raw.host, 'host', false);
  if (typeof ip !== 'string') return { ok: false, reason: `click ${raw.id}: ${ip.reason}` };
  if (typeof userAgent !== 'string') return { ok: false, reason: `click ${raw.id}: ${userAgent.reason}` };
  if (typeof referer !== 'string') return { ok: false, reason: `click ${raw.id}: ${referer.reason}` };
  if (typeof host !== 'string') return { ok: false, reason: `click ${raw.id}: ${host.reason}` };
  const click: ClickEvent = {
    id: raw.id.toLowerCase(),
    linkId: raw.linkId.toLowerCase(),
    at: canonical ? raw.at : new Date(raw.at).toISOString(),
    ip,
    userAgent,
    referer,
    host,
  };
  if (raw.qr === true) click.qr = true;
  if (typeof raw.acceptLanguage === 'string' && raw.acceptLanguage !== '') click.acceptLanguage = raw.acceptLanguage.slice(0, 256);
  if (Number.isInteger(raw.variant) && (raw.variant as number) >= 0 && (raw.variant as number) < 16) click.variant = raw.variant as number;
  return { ok: true, click };
}
