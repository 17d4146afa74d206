/** RFC 4180 CSV: every cell quoted with quotes doubled, CRLF line ends, formula-looking cells neutralised. */
export function toCsv(rows: unknown[][]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** A spreadsheet would run a text starting with = + - @ (or tab/CR) as a formula: prefix it with an apostrophe. */
export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}
