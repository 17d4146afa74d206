import { parse } from 'csv-parse/sync';
import { IntegrationsErrors } from '../integrations.errors.js';
import { columnKey, type Rec } from './import-row.js';

/**
 * Limits that keep a hostile file cheap (it is read on a thread of its own, docs/security.md "Imports"): no real
 * export has a line past 64 KB (a 2,048-character URL, a 2,040-character Kutt title), more than 200 columns, or JSON
 * nested deeper than 32 levels.
 */
export const IMPORT_MAX_ROWS = 100_000;
export const IMPORT_MAX_RECORD_BYTES = 64 * 1024;
export const IMPORT_MAX_COLUMNS = 200;
export const IMPORT_MAX_JSON_DEPTH = 32;

/** Whether the text is JSON (an object or a list), as opposed to CSV. */
export const looksLikeJson = (text: string): boolean => /^\s*[[{]/.test(text);

/** CSV → records keyed by columnKey(header); a header past the column limit, or a line past the size limit: a 400. */
export function csvRecords(text: string): { keys: Set<string>; records: Rec[] } {
  let header: string[] = [];
  try {
    const records: Rec[] = parse(text, {
      columns: (h: string[]) => {
        if (h.length > IMPORT_MAX_COLUMNS) throw IntegrationsErrors.importTooManyColumns(IMPORT_MAX_COLUMNS);
        header = h.map(columnKey);
        return header;
      },
      skip_empty_lines: true,
      relax_column_count: true,
      relax_quotes: true,
      trim: true,
      bom: true,
      max_record_size: IMPORT_MAX_RECORD_BYTES,
      to_line: IMPORT_MAX_ROWS + 2,
    });
    if (records.length > IMPORT_MAX_ROWS) throw IntegrationsErrors.importTooManyRows(IMPORT_MAX_ROWS);
    return { keys: new Set(header), records };
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode) throw err;
    const e = err as { code?: string; lines?: number; message: string };
    if (e.code === 'CSV_MAX_RECORD_SIZE')
      throw IntegrationsErrors.importUnreadable(`line ${e.lines ?? '?'} is longer than ${IMPORT_MAX_RECORD_BYTES / 1024} KB`);
    throw IntegrationsErrors.importUnreadable(e.message.split('\n')[0].slice(0, 160));
  }
}

/** JSON → the parsed value; nesting past the depth limit is refused before parsing (one pass, no recursion). */
export function jsonValue(text: string): unknown {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > IMPORT_MAX_JSON_DEPTH) throw IntegrationsErrors.importTooDeep(IMPORT_MAX_JSON_DEPTH);
    } else if (c === 93 || c === 125) depth--;
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw IntegrationsErrors.importUnreadable(`not valid JSON: ${(err as Error).message.slice(0, 120)}`);
  }
}

/** A JSON list item → a record keyed by columnKey (nested objects keep their own keys). */
export function jsonRecord(item: unknown): Rec {
  const out: Rec = {};
  if (item && typeof item === 'object' && !Array.isArray(item)) for (const [k, v] of Object.entries(item)) out[columnKey(k)] = v;
  return out;
}
