import { parse } from 'csv-parse/sync';
import type { ImportFormat } from '@app/contracts';
import { IntegrationsErrors } from '../integrations.errors.js';
import { FORMAT_SPECS, columnKey, type FormatSpec, type ImportRow } from './import-formats.js';

export const IMPORT_MAX_ROWS = 100_000;

/**
 * A whole export file → rows. Unreadable as a whole (not CSV/JSON, no url column): a 400 before anything is created.
 * A row without a url is still returned (url '') and skipped by the import with its reason.
 */
export function parseImport(format: ImportFormat, content: string): ImportRow[] {
  const spec = FORMAT_SPECS[format];
  if (!spec) throw IntegrationsErrors.importFormat();
  const text = content.replace(/^\uFEFF/, '');
  if (!text.trim()) throw IntegrationsErrors.importEmpty();
  const records = /^\s*[[{]/.test(text) && spec.jsonList ? jsonRecords(text, spec) : csvRecords(text);
  if (records.length === 0) throw IntegrationsErrors.importEmpty();
  if (records.length > IMPORT_MAX_ROWS) throw IntegrationsErrors.importTooManyRows(IMPORT_MAX_ROWS);
  const keys = new Set(records.flatMap((r) => Object.keys(r)));
  if (!spec.url.some((c) => keys.has(columnKey(c)))) throw IntegrationsErrors.importColumns(format, spec.url[0]);
  return records.map((r, i) => toRow(r, i + 1, spec));
}

type Rec = Record<string, unknown>;

function csvRecords(text: string): Rec[] {
  try {
    const rows: Rec[] = parse(text, {
      columns: (header: string[]) => header.map(columnKey),
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      bom: true,
    });
    return rows;
  } catch (err) {
    throw IntegrationsErrors.importUnreadable((err as Error).message.split('\n')[0].slice(0, 160));
  }
}

function jsonRecords(text: string, spec: FormatSpec): Rec[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw IntegrationsErrors.importUnreadable((err as Error).message.slice(0, 160));
  }
  const list = Array.isArray(value) ? value : (spec.jsonList ?? []).map((path) => dig(value, path)).find(Array.isArray);
  if (!Array.isArray(list)) throw IntegrationsErrors.importUnreadable('no list of links found');
  return list.map((item) => {
    const out: Rec = {};
    if (item && typeof item === 'object') for (const [k, v] of Object.entries(item)) out[columnKey(k)] = v;
    return out;
  });
}

const dig = (value: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Rec)[k] : undefined), value);

function pick(r: Rec, columns: string[] | undefined): unknown {
  for (const c of columns ?? []) {
    const v = r[columnKey(c)];
    if (v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)) return v;
  }
  return undefined;
}
const text = (v: unknown): string | undefined => (v === undefined ? undefined : typeof v === 'string' ? v.trim() || undefined : String(v));

function toRow(raw: Rec, row: number, spec: FormatSpec): ImportRow {
  const r = spec.unneutralize ? unneutralized(raw) : raw;
  const out: ImportRow = { row, url: text(pick(r, spec.url)) ?? '' };
  const short = pick(r, spec.short);
  const code = text(pick(r, spec.code)) ?? codeOfShortUrl(text(Array.isArray(short) ? short[0] : short));
  if (code) out.code = code;
  const name = text(pick(r, spec.name));
  if (name) out.name = name;
  const tags = pick(r, spec.tags);
  const list = Array.isArray(tags)
    ? tags.map((t) => (typeof t === 'object' && t ? String((t as Rec).name ?? '') : String(t)))
    : typeof tags === 'string' && spec.splitTags
      ? spec.splitTags(tags)
      : [];
  const clean = list.map((t) => t.trim()).filter(Boolean);
  if (clean.length) out.tags = clean;
  const expiresAt = text(pick(r, spec.expiresAt));
  if (expiresAt) out.expiresAt = isoDateTime(expiresAt);
  return out;
}

/** `'=x` → `=x` in every string cell (exports that neutralise spreadsheet formulas). */
const unneutralized = (r: Rec): Rec =>
  Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /^'[=+\-@\t\r\n]/.test(v) ? v.slice(1) : v]));

/**
 * Export date-times → ISO 8601 with a zone: `2031-06-30 12:00:00` (SQLite/MySQL, no zone: UTC) and `+0000` offsets
 * (Bitly) are rewritten; anything else is left for the link rules to judge (a skipped row naming expiresAt).
 */
function isoDateTime(value: string): string {
  const bare = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/.exec(value);
  if (bare) return `${bare[1]}T${bare[2]}Z`;
  const compactOffset = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)([+-]\d{2})(\d{2})$/.exec(value);
  if (compactOffset) return `${compactOffset[1]}${compactOffset[2]}:${compactOffset[3]}`;
  return value;
}

/** `https://bit.ly/abc`, `bit.ly/abc`, `https://s.test/abc?x`, `/abc/` (YOURLS plugin) → `abc`. */
function codeOfShortUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const path = value.replace(/^[a-z]+:\/\//i, '').replace(/[?#].*$/, '');
  const slash = path.indexOf('/');
  if (slash < 0) return undefined;
  return decodeURIComponent(path.slice(slash + 1).replace(/\/+$/, '')) || undefined;
}
