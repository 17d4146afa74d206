import 'reflect-metadata';
import { createLogger, loadConfig } from '@app/config';
import { connectPostgres } from '@app/database';
import { connectRedis } from '@app/queue';
import { EventStore } from '@app/event-store';
import { ensureAdmin } from '@app/identity';
import { createApp } from './app.js';
import { prepareDatabase, runMigrations } from './prepare.js';

async function main() {
  const config = loadConfig();
  const log = createLogger('api', config.logLevel);
  await prepareDatabase(config, log);
  const dataSource = await connectPostgres(config.databaseUrl, { applicationName: 'linkpulse-api' });
  await runMigrations(dataSource, log);
  const redis = await connectRedis(config.redisUrl);
  const app = await createApp(config, dataSource, redis);
  await app.init();
  await ensureAdmin(config, dataSource, app.get(EventStore), log);
  await app.listen(config.apiPort, '0.0.0.0');
  log.info('api listening', { url: `http://localhost:${config.apiPort}`, docs: `http://localhost:${config.apiPort}/api/docs` });
}

main().catch((err) => {
  process.stderr.write(`linkpulse api: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
