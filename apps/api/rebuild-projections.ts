import { createLogger, loadConfig } from '@app/config';
import { connectPostgres } from '@app/database';
import { connectRedis } from '@app/queue';
import { createEventStore } from '@app/projections';

/**
 * `npm run projections:rebuild`: builds the event store with the projection registry (@app/projections, no http
 * server, no Nest), empties their read-model tables and replays the whole event store into them in one
 * transaction. Sessions, clicks and rollups are not read models and stay as they are.
 */
async function main() {
  const config = loadConfig();
  const log = createLogger('rebuild', config.logLevel);
  const dataSource = await connectPostgres(config.databaseUrl, { poolSize: 2, applicationName: 'linkpulse-rebuild' });
  const redis = await connectRedis(config.redisUrl, config.redisClusterNodes);
  try {
    // A replay is never news for a webhook (the outbox skips old events, and delivery ids are stable): nothing to queue.
    const deps = { config, dataSource, redis, deliverWebhooks: async () => undefined };
    const store = createEventStore(deps, (msg, err) => log.error(msg, { err }));
    const started = Date.now();
    const result = await store.rebuild();
    const ms = Date.now() - started;
    log.info('projections rebuilt', { ...result, ms });
    process.stdout.write(
      `Rebuilt ${result.projections.length} projections (${result.projections.join(', ')}) from ${result.events} events in ${ms} ms.\n`,
    );
  } finally {
    await redis.quit().catch(() => undefined);
    await dataSource.destroy();
  }
}

main().catch((err) => {
  process.stderr.write(`linkpulse projections:rebuild: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
