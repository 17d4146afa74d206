import type { DataSource } from 'typeorm';
import type { AppConfig, Logger } from '@app/config';
import { ensureDatabase, migrate } from '@app/database';

/** Start-up work before serving: create the database if missing, run migrations. */
export async function prepareDatabase(config: AppConfig, log: Logger): Promise<void> {
  if (await ensureDatabase(config.databaseUrl).catch(() => false)) log.info('database created');
}

export async function runMigrations(ds: DataSource, log: Logger): Promise<void> {
  const ran = await migrate(ds);
  if (ran.length) log.info('migrations applied', { migrations: ran });
}
