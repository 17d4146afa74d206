/**
 * Postgres array literals built directly (`{"a","b",NULL}`), sent as one text parameter each and cast in SQL
 * (`$1::text[]`). Cheaper than handing JS arrays to `pg`, which prepares and escapes every element with two regex
 * replacements. Every element is quoted, so commas, braces and spaces inside values stay inside their element.
 */
const NEEDS_ESCAPE = /["\\]/;
const ESCAPED = /["\\]/g;

function element(value: string | null | undefined): string {
  if (value === null || value === undefined) return 'NULL';
  return NEEDS_ESCAPE.test(value) ? `"${value.replace(ESCAPED, '\\$&')}"` : `"${value}"`;
}

/** Array literal of text-like values (text, uuid, timestamptz, date: the cast in SQL parses them). */
export function textArray<T>(rows: readonly T[], pick: (row: T) => string | null | undefined): string {
  const parts = new Array<string>(rows.length);
  for (let i = 0; i < rows.length; i++) parts[i] = element(pick(rows[i]));
  return `{${parts.join(',')}}`;
}

export function boolArray<T>(rows: readonly T[], pick: (row: T) => boolean): string {
  const parts = new Array<string>(rows.length);
  for (let i = 0; i < rows.length; i++) parts[i] = pick(rows[i]) ? 't' : 'f';
  return `{${parts.join(',')}}`;
}
