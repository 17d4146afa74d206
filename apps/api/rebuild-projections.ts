import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { createLogger, loadConfig } from '@app/config';
import { connectPostgres } from '@app/database';
import { EventStore } from '@app/event-store';
import { connectRedis } from '@app/queue';
import { ApiModule } from './api.module.js';
import { NestLogger } from './platform/nest-logger.js';

/**
 * `npm run projections:rebuild`: boots the api's modules (so every feature registers its projections), empties
 * their read-model tables and replays the whole event store into them in one transaction. Sessions, clicks and
 * rollups are not read models and stay as they are.
 */
async function main() {
  const config = loadConfig();
  const log = createLogger('rebuild', config.logLevel);
  const dataSource = await connectPostgres(config.databaseUrl, { poolSize: 2, applicationName: 'linkpulse-rebuild' });
  const redis = await connectRedis(config.redisUrl);
  const app = await NestFactory.createApplicationContext(ApiModule.forRoot(config, dataSource, redis), { logger: new NestLogger(log) });
  try {
    const started = Date.now();
    const result = await app.get(EventStore).rebuild();
    const ms = Date.now() - started;
    log.info('projections rebuilt', { ...result, ms });
    process.stdout.write(`Rebuilt ${result.projections.length} projections (${result.projections.join(', ')}) from ${result.events} events in ${ms} ms.\n`);
  } finally {
    await app.close();
  }
}

main().catch((err) => {
  process.stderr.write(`linkpulse projections:rebuild: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
