import type { AppConfig, Logger } from '@app/config';
import { connectPostgres, ensureDatabase, migrate } from '@app/database';

/** Creates the database if missing, runs migrations and makes sure the first admin exists. */
export async function prepareSystem(config: AppConfig, log: Logger): Promise<void> {
  if (await ensureDatabase(config.databaseUrl).catch(() => false)) log.info('database created');
  const ds = await connectPostgres(config.databaseUrl, { poolSize: 2, applicationName: 'linkpulse-prepare' });
  try {
    const ran = await migrate(ds);
    if (ran.length) log.info('migrations applied', { migrations: ran });
    // The identity feature adds: ensure the first admin (ADMIN_USERNAME / ADMIN_PASSWORD, generated and printed once).
  } finally {
    await ds.destroy();
  }
}
