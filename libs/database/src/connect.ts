import type { DataSource } from 'typeorm';
import { describeConnectionError } from '@app/config';
import { createDataSource, type DataSourceOptions } from './data-source.js';
import { ADVISORY_LOCKS } from './advisory-locks.js';

/** Opens Postgres or throws one clear line naming the URL and how to start it. */
export async function connectPostgres(databaseUrl: string, options: DataSourceOptions = {}): Promise<DataSource> {
  const ds = createDataSource(databaseUrl, options);
  try {
    await ds.initialize();
  } catch (err) {
    throw new Error(describeConnectionError('Postgres', databaseUrl, err));
  }
  return ds;
}

/** Runs pending migrations under an advisory lock, so several processes starting together do not race. */
export async function migrate(ds: DataSource): Promise<string[]> {
  const runner = ds.createQueryRunner();
  await runner.connect();
  try {
    await runner.manager.query<unknown>('SELECT pg_advisory_lock($1)', [ADVISORY_LOCKS.migrations]);
    const done = await ds.runMigrations({ transaction: 'each' });
    return done.map((m) => m.name);
  } finally {
    await runner.manager.query<unknown>('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCKS.migrations]).catch(() => undefined);
    await runner.release();
  }
}
