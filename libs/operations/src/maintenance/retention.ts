import type { DataSource } from 'typeorm';
import { returnedRows, type Returned } from '@app/database';
import { ensureClickPartitions, listClickPartitions, quoteIdent } from './click-partitions.js';

export interface RetentionResult {
  /** Monthly partitions dropped (every click in them was older than the cutoff). */
  droppedPartitions: string[];
  /** Rows deleted from `clicks_default` (normally none: its months get partitions first). */
  deletedFromDefault: number;
}

/**
 * Retention of raw clicks by whole months (rollups and IP activity stay): drops every monthly partition of
 * `clicks` whose month ended `days` or more days ago: instant, no dead rows, nothing for vacuum. A click is
 * therefore kept at least `days` days and at most `days` + one month. Each DROP waits at most 5 s for its lock
 * (it needs the parent table briefly), so a long dashboard query delays retention to the next run, never the ingest.
 */
export async function deleteExpiredClicks(dataSource: DataSource, days: number): Promise<RetentionResult> {
  if (days <= 0) return { droppedPartitions: [], deletedFromDefault: 0 };
  await ensureClickPartitions(dataSource);
  const [{ cutoff }] = await dataSource.query<{ cutoff: Date }[]>(`SELECT now() - make_interval(days => $1) AS cutoff`, [days]);
  const droppedPartitions: string[] = [];
  for (const p of await listClickPartitions(dataSource)) {
    if (p.to.getTime() > cutoff.getTime()) continue;
    await dataSource.transaction(async (m) => {
      await m.query<unknown>(`SET LOCAL lock_timeout = '5s'`);
      await m.query<unknown>(`DROP TABLE ${quoteIdent(p.name)}`);
    });
    droppedPartitions.push(p.name);
  }
  const deleted = await dataSource.query<Returned<unknown>>(`DELETE FROM clicks_default WHERE clicked_at < $1 RETURNING 1`, [cutoff]);
  return { droppedPartitions, deletedFromDefault: returnedRows(deleted).length };
}
