/** Postgres bigint/numeric come back as strings: counts as numbers, timestamps as ISO strings. */
export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
export const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());
