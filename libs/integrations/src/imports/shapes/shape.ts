import type { ImportFormat } from '@app/contracts';
import { dateOf, type ImportRow, type Rec } from '../import-row.js';

/**
 * One real file shape of one product: how it is recognised from its content (a CSV header, a JSON structure) and
 * how each record becomes rows. Every shape cites the product source it was built from (docs/architecture.md "Imports").
 */
export interface ImportShape {
  format: ImportFormat;
  /** Shown to the user: "Bitly dashboard CSV export". */
  label: string;
  kind: 'csv' | 'json';
  /** CSV: whether a header (its column keys, see columnKey) is this shape's. */
  header?: (keys: Set<string>) => boolean;
  /** JSON: the list of link records when the parsed file is this shape's, else null. */
  list?: (value: unknown) => unknown[] | null;
  /** A record → its rows (usually one; a Bitly link with several back-halves gives one per back-half). */
  toRows: (r: Rec, row: number, note: (text: string) => void) => ImportRow[];
}

export const isObject = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
export const has = (keys: Set<string>, ...names: string[]) => names.every((n) => keys.has(n));
/** A JSON object's list at `path` (dotted) when it is an array of objects with every one of `keys`. */
export function listAt(value: unknown, path: string, ...keys: string[]): unknown[] | null {
  const list = path ? path.split('.').reduce<unknown>((v, k) => (isObject(v) ? v[k] : undefined), value) : value;
  if (!Array.isArray(list)) return null;
  const first = list.find(isObject);
  if (list.length > 0 && (!first || !keys.every((k) => k in first))) return null;
  return list;
}

/** The source's creation date; an unreadable one is noted and the import's date is used instead. */
export function createdAtOf(v: unknown, note: (text: string) => void): string | undefined {
  const d = dateOf(v);
  if (d && 'invalid' in d) note(`creation date "${d.invalid.slice(0, 40)}" is not a date; the import date is used.`);
  return d && 'iso' in d ? d.iso : undefined;
}

/** An expiry as ISO; an unreadable one is passed on as written, so the link rules skip the row naming expiresAt. */
export function expiryOf(v: unknown): string | undefined {
  const d = dateOf(v);
  return d ? ('iso' in d ? d.iso : d.invalid) : undefined;
}
