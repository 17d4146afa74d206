import type { DataSource } from 'typeorm';
import { connectPostgres } from './connect.js';

/**
 * Nest token of the DataSource for reads that may lag behind the writes by the replication delay: the dashboard,
 * analytics, export and IP queries. It is a streaming replica when DATABASE_READ_URL is set, else the primary.
 * Writes, read-your-writes paths (a link just created, a user just approved, sessions) and projections use the
 * primary DataSource.
 */
export const READ_DATA_SOURCE = Symbol('READ_DATA_SOURCE');

/** Opens the replica at `readUrl` (never migrated: it follows the primary), or returns `primary` when unset. */
export async function connectReadDataSource(readUrl: string | undefined, primary: DataSource, applicationName: string): Promise<DataSource> {
  if (!readUrl) return primary;
  return connectPostgres(readUrl, { applicationName: `${applicationName}-read` });
}
