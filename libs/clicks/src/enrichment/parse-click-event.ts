import { UUID_PATTERN as UUID, type ClickEvent } from '@app/contracts';

export type ParsedClick = { ok: true; click: ClickEvent } | { ok: false; reason: string };

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
/** Clicks from before the product existed are impossible; from the future only within clock skew. */
const EARLIEST_YEAR = 2000;
export const MAX_FUTURE_MS = 5 * 60_000;

/** Why `at` is not a real, plausible instant (null when it is): every field in range, Feb 30 refused, ≤ 5 min ahead. */
function instantProblem(at: string, now: number): string | null {
  const m = ISO_INSTANT.exec(at);
  if (!m) return 'at must be an ISO instant';
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number);
  const daysInMonth = month >= 1 && month <= 12 ? new Date(Date.UTC(year, month, 0)).getUTCDate() : 0;
  if (day < 1 || day > daysInMonth || hour > 23 || minute > 59 || second > 59) return 'at is not a real date and time';
  const t = Date.parse(at);
  if (Number.isNaN(t) || year < EARLIEST_YEAR) return 'at is not a plausible click time';
  if (t > now + MAX_FUTURE_MS) return 'at is more than 5 minutes in the future';
  return null;
}
const MAX_TEXT = 2048;

function text(value: unknown, field: string, required: boolean): string | { reason: string } {
  if (value === undefined || value === null) return required ? { reason: `${field} is missing` } : '';
  if (typeof value !== 'string') return { reason: `${field} must be a string` };
  // Postgres text cannot hold NUL characters: drop them rather than fail the whole batch.
  const clean = value.includes('\u0000') ? value.replace(/\u0000/g, '') : value;
  return clean.length > MAX_TEXT ? clean.slice(0, MAX_TEXT) : clean;
}

/** Checks one click of a job payload; returns the click (strings without NUL, cut to a sane length) or why it is refused. */
export function parseClickEvent(input: unknown, now: Date = new Date()): ParsedClick {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { ok: false, reason: 'click is not an object' };
  const raw = input as Record<string, unknown>;
  if (typeof raw.id !== 'string' || !UUID.test(raw.id)) return { ok: false, reason: 'id must be a UUID' };
  if (typeof raw.linkId !== 'string' || !UUID.test(raw.linkId)) return { ok: false, reason: `click ${raw.id}: linkId must be a UUID` };
  if (typeof raw.at !== 'string') return { ok: false, reason: `click ${raw.id}: at must be an ISO instant` };
  const problem = instantProblem(raw.at, now.getTime());
  if (problem) return { ok: false, reason: `click ${raw.id}: ${problem}` };
  const fields = { ip: true, userAgent: false, referer: false, host: false } as const;
  const values: Record<string, string> = {};
  for (const [field, required] of Object.entries(fields)) {
    const v = text(raw[field], field, required);
    if (typeof v !== 'string') return { ok: false, reason: `click ${raw.id}: ${v.reason}` };
    values[field] = v;
  }
  return {
    ok: true,
    click: {
      id: raw.id.toLowerCase(),
      linkId: raw.linkId.toLowerCase(),
      at: new Date(raw.at).toISOString(),
      ip: values.ip,
      userAgent: values.userAgent,
      referer: values.referer,
      host: values.host,
      ...(raw.qr === true ? { qr: true as const } : {}),
      ...(Number.isInteger(raw.variant) && (raw.variant as number) >= 0 && (raw.variant as number) < 16 ? { variant: raw.variant as number } : {}),
    },
  };
}
