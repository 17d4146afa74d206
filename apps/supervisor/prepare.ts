import type { AppConfig, Logger } from '@app/config';
import { connectPostgres, ensureDatabase, migrate } from '@app/database';
import { ensureAdmin } from '@app/identity';

/** Creates the database if missing, runs migrations and makes sure the first admin exists. */
export async function prepareSystem(config: AppConfig, log: Logger): Promise<void> {
  if (await ensureDatabase(config.databaseUrl).catch(() => false)) log.info('database created');
  const ds = await connectPostgres(config.databaseUrl, { poolSize: 2, applicationName: 'linkpulse-prepare' });
  try {
    const ran = await migrate(ds);
    if (ran.length) log.info('migrations applied', { migrations: ran });
    await ensureAdmin(config, ds, null, log);
  } finally {
    await ds.destroy();
  }
}
