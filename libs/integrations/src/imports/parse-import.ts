import { IMPORT_FORMATS, type ImportFormat, type ImportNote } from '@app/contracts';
import { IntegrationsErrors } from '../integrations.errors.js';
import { decodeFile } from './decode-file.js';
import type { ImportRow } from './import-row.js';
import { normalizeRow } from './normalize-row.js';
import { IMPORT_MAX_ROWS, csvRecords, jsonRecord, jsonValue, looksLikeJson } from './read-records.js';
import { IMPORT_SHAPES, shapesOf, type ImportShape } from './shapes/index.js';

/** A file read whole: the shape it was recognised as, its rows, and the notes (row 0: about the whole file). */
export interface ParsedImport {
  shape: string;
  rows: ImportRow[];
  notes: ImportNote[];
}

/**
 * An export file → rows, recognised by its content (docs/architecture.md "Imports"): the chosen format's shapes
 * first, then every other. Text (a JSON body's `content`) is taken as it is; bytes (an upload) are decoded first
 * (UTF-8 with or without BOM, else Windows-1252 and its kin, detected). Unreadable as a whole — not CSV/JSON, no known
 * shape, past a limit — is a 400 before anything is stored. Runs on the parse thread (parse-off-thread.ts).
 */
export function parseImport(format: ImportFormat, content: string | Uint8Array): ParsedImport {
  if (!IMPORT_FORMATS.includes(format)) throw IntegrationsErrors.importFormat();
  const notes: ImportNote[] = [];
  let text: string;
  if (typeof content === 'string') text = content.replace(/^\uFEFF/, '');
  else {
    const decoded = decodeFile(content);
    text = decoded.text;
    if (decoded.encoding !== 'UTF-8') notes.push({ row: 0, note: `The file is not UTF-8: it was read as ${decoded.encoding}.` });
  }
  if (!text.trim()) throw IntegrationsErrors.importEmpty();
  const order = [...shapesOf(format), ...IMPORT_SHAPES.filter((s) => s.format !== format)];
  const labels = shapesOf(format).map((s) => s.label);

  let shape: ImportShape | undefined;
  let records: Record<string, unknown>[] = [];
  if (looksLikeJson(text)) {
    const value = jsonValue(text);
    for (const s of order.filter((x) => x.kind === 'json')) {
      const list = s.list!(value);
      if (list) {
        shape = s;
        records = list.map(jsonRecord);
        break;
      }
    }
    if (!shape) throw IntegrationsErrors.importShape(format, 'json', labels);
  } else {
    const csv = csvRecords(text);
    shape = order.find((s) => s.kind === 'csv' && s.header!(csv.keys));
    if (!shape) throw IntegrationsErrors.importShape(format, 'csv', labels, [...csv.keys].slice(0, 12).join(', ') || 'empty');
    records = csv.records;
  }
  if (records.length === 0) throw IntegrationsErrors.importEmpty();
  if (records.length > IMPORT_MAX_ROWS) throw IntegrationsErrors.importTooManyRows(IMPORT_MAX_ROWS);
  if (shape.format !== format) notes.push({ row: 0, note: `Read as a ${shape.label}, though the format chosen was ${format}.` });

  const rows: ImportRow[] = [];
  records.forEach((record, i) => {
    const row = i + 1;
    const note = (t: string) => notes.push({ row, note: t });
    for (const out of shape.toRows(record, row, note)) rows.push(normalizeRow(out, note));
  });
  return { shape: shape.label, rows, notes };
}
