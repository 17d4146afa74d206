import type { AppConfig, Logger } from '@app/config';
import { openMigratedDatabase } from '@app/database';
import { ensureAdmin } from '@app/identity';
import { createEventStore } from '@app/projections';
import { connectRedis } from '@app/queue';

/**
 * Creates the database if missing, runs migrations and makes sure the first admin exists (through the event store
 * with every projection, as any other write). Redis is checked here too, so a missing one is reported before any
 * process starts.
 */
export async function prepareSystem(config: AppConfig, log: Logger): Promise<void> {
  const ds = await openMigratedDatabase(config.databaseUrl, { poolSize: 2, applicationName: 'linkpulse-prepare' }, log);
  try {
    const redis = await connectRedis(config.redisUrl, config.redisClusterNodes);
    try {
      // A user event queues no webhook delivery.
      const store = createEventStore({ config, dataSource: ds, redis, deliverWebhooks: async () => undefined }, (msg, err) =>
        log.error(msg, { err }),
      );
      await ensureAdmin(config, ds, store, log);
    } finally {
      await redis.quit().catch(() => undefined);
    }
  } finally {
    await ds.destroy();
  }
}
