import type { DataSource } from 'typeorm';

/** Months of `clicks` partitions kept created ahead of now (the default partition catches anything beyond). */
const CLICK_PARTITIONS_AHEAD = 3;

export interface ClickPartition {
  name: string;
  /** First instant of the month (inclusive). */
  from: Date;
  /** First instant of the next month (exclusive). */
  to: Date;
}

/**
 * Creates the monthly partitions of `clicks` from this month to CLICK_PARTITIONS_AHEAD months ahead, and one for
 * every month that has rows in `clicks_default` (those rows move in). Returns the partitions it created.
 * The SQL functions live in the PartitionedClicks migration.
 *
 * Each new partition is vacuumed and analyzed at once. Rows moved in from the default partition land on pages the
 * visibility map does not know yet, so one link's filtered reads, index-only scans of clicks_link_time (decision
 * 0008), fetch every heap page until autovacuum comes by. At 11M clicks, Link Analytics over 90 days under a
 * referrer took 50 → 300 ms p95 after such a move. Its statistics also matter: the planner has none for a new table.
 */
export async function ensureClickPartitions(dataSource: DataSource, monthsAhead = CLICK_PARTITIONS_AHEAD): Promise<string[]> {
  const rows = await dataSource.query<{ made: string }[]>(`SELECT clicks_ensure_partitions($1) AS made`, [monthsAhead]);
  const made = rows.map((r) => r.made);
  for (const name of made) await dataSource.query<unknown>(`VACUUM (ANALYZE) ${quoteIdent(name)}`);
  return made;
}

/** A partition's name as a quoted SQL identifier. */
export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The monthly partitions of `clicks` (not the default one), oldest first. */
export async function listClickPartitions(dataSource: DataSource): Promise<ClickPartition[]> {
  const rows = await dataSource.query<{ name: string; bound: string }[]>(
    `SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
       FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'clicks'::regclass ORDER BY c.relname`,
  );
  const out: ClickPartition[] = [];
  for (const r of rows) {
    const m = /FROM \('([^']+)'\) TO \('([^']+)'\)/.exec(r.bound);
    if (m) out.push({ name: r.name, from: new Date(m[1]), to: new Date(m[2]) });
  }
  return out.sort((a, b) => a.from.getTime() - b.from.getTime());
}
