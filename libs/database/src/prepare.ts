import type { DataSource } from 'typeorm';
import { describeConnectionError, type Logger } from '@app/config';
import { connectPostgres, migrate } from './connect.js';
import type { DataSourceOptions } from './data-source.js';
import { ensureDatabase } from './ensure-database.js';

/**
 * What every process that writes does at start: create the database if missing, connect, run pending migrations
 * (under the advisory lock, so processes starting together do not race). Any process may start first.
 */
export async function openMigratedDatabase(databaseUrl: string, options: DataSourceOptions, log: Logger): Promise<DataSource> {
  const created = await ensureDatabase(databaseUrl).catch((err) => {
    throw new Error(describeConnectionError('Postgres', databaseUrl, err));
  });
  if (created) log.info('database created');
  const ds = await connectPostgres(databaseUrl, options);
  const ran = await migrate(ds);
  if (ran.length) log.info('migrations applied', { migrations: ran });
  return ds;
}
