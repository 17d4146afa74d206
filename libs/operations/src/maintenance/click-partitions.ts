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
 */
export async function ensureClickPartitions(dataSource: DataSource, monthsAhead = CLICK_PARTITIONS_AHEAD): Promise<string[]> {
  const rows = await dataSource.query<{ made: string }[]>(`SELECT clicks_ensure_partitions($1) AS made`, [monthsAhead]);
  return rows.map((r) => r.made);
}

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
