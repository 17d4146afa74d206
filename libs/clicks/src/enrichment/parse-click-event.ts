import type { ClickEvent } from '@app/contracts';

export type ParsedClick = { ok: true; click: ClickEvent } | { ok: false; reason: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const MAX_TEXT = 2048;

function text(value: unknown, field: string, required: boolean): string | { reason: string } {
  if (value === undefined || value === null) return required ? { reason: `${field} is missing` } : '';
  if (typeof value !== 'string') return { reason: `${field} must be a string` };
  // Postgres text cannot hold NUL characters: drop them rather than fail the whole batch.
  const clean = value.includes('\u0000') ? value.replace(/\u0000/g, '') : value;
  return clean.length > MAX_TEXT ? clean.slice(0, MAX_TEXT) : clean;
}

/** Checks one click of a job payload; returns the click (strings without NUL, cut to a sane length) or why it is refused. */
export function parseClickEvent(input: unknown): ParsedClick {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { ok: false, reason: 'click is not an object' };
  const raw = input as Record<string, unknown>;
  if (typeof raw.id !== 'string' || !UUID.test(raw.id)) return { ok: false, reason: 'id must be a UUID' };
  if (typeof raw.linkId !== 'string' || !UUID.test(raw.linkId)) return { ok: false, reason: `click ${raw.id}: linkId must be a UUID` };
  if (typeof raw.at !== 'string' || !ISO_INSTANT.test(raw.at) || Number.isNaN(Date.parse(raw.at))) {
    return { ok: false, reason: `click ${raw.id}: at must be an ISO instant` };
  }
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
    },
  };
}
