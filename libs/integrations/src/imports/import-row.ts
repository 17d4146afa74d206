import type { LinkRule, LinkUtm, LinkVariant, RedirectType } from '@app/contracts';

/** One link to import, normalised from any shape; absent fields are undefined. */
export interface ImportRow {
  /** 1-based data row of the file (header not counted; a JSON list's item). */
  row: number;
  /** A further link of the same row (a Bitly link's other back-halves: 1, 2, …); absent for the row's first. */
  alias?: number;
  url: string;
  code?: string;
  name?: string;
  tags?: string[];
  expiresAt?: string;
  expiredUrl?: string;
  maxClicks?: number;
  /** Only where the source exports it in plain text (Dub's API). */
  password?: string;
  redirectType?: RedirectType;
  rules?: LinkRule[];
  variants?: LinkVariant[];
  utm?: LinkUtm;
  ogTitle?: string;
  ogDescription?: string;
  ogImage?: string;
  /** The link's creation date in its source (ISO 8601). */
  createdAt?: string;
  /** The link's click total in its source. */
  importedClicks?: number;
  /** Archived in its source, where it still redirected (Bitly, Dub, LinkPulse): an archived link here too. */
  archived?: boolean;
  /** Why this row is not imported though it was read (disabled, banned, or protected by a password not exported). */
  skip?: string;
}

/** A record as read: CSV columns or a JSON item's keys, each key compared by `columnKey`. */
export type Rec = Record<string, unknown>;

/** Column names compared case-insensitively, spaces, underscores and hyphens ignored (`Destination URL` = `destinationurl`). */
export const columnKey = (name: string): string => name.toLowerCase().replace(/[\s_-]+/g, '');

/** The first of `names` present with a value (not undefined, null, '' or an empty list). */
export function pick(r: Rec, ...names: string[]): unknown {
  for (const n of names) {
    const v = r[columnKey(n)];
    if (v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)) return v;
  }
  return undefined;
}

/** A trimmed text, or undefined when empty. */
export const text = (v: unknown): string | undefined =>
  v === undefined || v === null ? undefined : typeof v === 'string' ? v.trim() || undefined : typeof v === 'object' ? undefined : String(v);

/** A whole number ≥ 0 (`"12"`, `12`, `"1,204"`), else undefined. */
export function count(v: unknown): number | undefined {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim().replace(/[,_\s]/g, '') : '';
  if (!/^\d{1,15}$/.test(s)) return undefined;
  return Math.min(Number(s), 2_147_483_647);
}

/** true for true, "true", "yes", "1" (CSV booleans as Dub, Bitly and spreadsheets write them). */
export const truthy = (v: unknown): boolean => v === true || v === 1 || (typeof v === 'string' && /^(true|yes|1|y)$/i.test(v.trim()));

/**
 * A date-time as the exports write them → ISO 8601 (UTC), or `{ invalid }` when it is not one: ISO with a zone,
 * `+0000` offsets (Bitly), `YYYY-MM-DD hh:mm:ss` without a zone (YOURLS, Kutt on SQLite; taken as UTC), a trailing
 * `UTC`, a bare date, Unix seconds or milliseconds, and what Date.parse reads (`Mar 5, 2024 2:02 PM`, as UTC).
 */
export function dateOf(v: unknown): { iso: string } | { invalid: string } | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  if (!s || /^(null|0000-00-00( 00:00:00)?)$/i.test(s)) return undefined;
  let ms = NaN;
  const parts = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?))?\s*(Z|UTC|GMT|[+-]\d{2}:?\d{2})?$/i.exec(s);
  if (parts) {
    const zone = !parts[3] || /^(z|utc|gmt)$/i.test(parts[3]) ? 'Z' : parts[3].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
    ms = Date.parse(`${parts[1]}T${parts[2] ?? '00:00:00'}${zone}`);
  } else if (/^\d{9,13}$/.test(s)) ms = s.length >= 12 ? Number(s) : Number(s) * 1000;
  else if (/[a-z]/i.test(s) && !/[+-]\d{2}:?\d{2}$|\b(utc|gmt|z)$/i.test(s)) ms = Date.parse(`${s} UTC`);
  else ms = Date.parse(s);
  if (!Number.isFinite(ms)) return { invalid: s };
  const year = new Date(ms).getUTCFullYear();
  return year < 1990 || year > 2200 ? { invalid: s } : { iso: new Date(ms).toISOString() };
}

/** The short code of a short URL: its last path segment (`https://bit.ly/abc`, `bit.ly/abc`, `/abc/`, `http://x.y/yourls/abc`). */
export function codeOfShortUrl(value: unknown): string | undefined {
  const s = text(value);
  if (!s) return undefined;
  const path = s.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/[?#].*$/, '');
  const slash = path.indexOf('/');
  if (slash < 0) return undefined;
  const segments = path
    .slice(slash + 1)
    .split('/')
    .filter(Boolean);
  const last = segments.at(-1);
  if (!last) return undefined;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** `'=x` → `=x`: a cell an export prefixed against spreadsheet formulas (Dub, LinkPulse's own export). */
export const unneutralized = (v: unknown): unknown => (typeof v === 'string' && /^'[=+\-@\t\r]/.test(v) ? v.slice(1) : v);

/** A list of tags from a cell or a JSON list (strings or `{ name }` objects, as Dub's API writes them). */
export function tagList(v: unknown, split: RegExp): string[] | undefined {
  const list = Array.isArray(v)
    ? v.map((t) => (typeof t === 'object' && t ? String((t as Rec).name ?? '') : String(t)))
    : typeof v === 'string'
      ? v.split(split)
      : [];
  const clean = list.map((t) => t.trim()).filter(Boolean);
  return clean.length ? clean : undefined;
}
