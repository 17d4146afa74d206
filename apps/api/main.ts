import 'reflect-metadata';
import { createLogger, loadConfig } from '@app/config';
import { connectReadDataSource, openMigratedDatabase } from '@app/database';
import { connectRedis } from '@app/queue';
import { EventStore } from '@app/event-store';
import { ensureAdmin, resealTwoFactorSecrets } from '@app/identity';
import { resealWebhookSecrets } from '@app/integrations';
import { resealSslKeys } from '@app/links';
import { createApp } from './app.js';

async function main() {
  const config = loadConfig();
  const log = createLogger('api', config.logLevel);
  const dataSource = await openMigratedDatabase(config.databaseUrl, { applicationName: 'linkpulse-api' }, log);
  const redis = await connectRedis(config.redisUrl, config.redisClusterNodes);
  const readDataSource = await connectReadDataSource(config.databaseReadUrl, dataSource, 'linkpulse-api');
  const app = await createApp(config, dataSource, redis, readDataSource);
  await app.init();
  await ensureAdmin(config, dataSource, app.get(EventStore), log);
  await app.listen(config.apiPort, '0.0.0.0');
  if (config.previousSecretsKeys.length > 0) {
    const { resealed, unreadable } = await resealSslKeys(dataSource, config.secretsKey, config.previousSecretsKeys);
    log.info('SECRETS_KEY rotation: stored keys re-sealed under SECRETS_KEY', { resealed, unreadable });
    if (unreadable > 0) log.warn('SECRETS_KEY rotation: some stored keys open with no configured key', { unreadable });
    const twoFactor = await resealTwoFactorSecrets(dataSource, { current: config.secretsKey, previous: config.previousSecretsKeys });
    log.info('SECRETS_KEY rotation: two-factor secrets re-sealed under SECRETS_KEY', twoFactor);
    if (twoFactor.unreadable > 0) log.warn('SECRETS_KEY rotation: some two-factor secrets open with no configured key', twoFactor);
    const webhooks = await resealWebhookSecrets(dataSource, config.secretsKey, config.previousSecretsKeys);
    log.info('SECRETS_KEY rotation: webhook secrets re-sealed under SECRETS_KEY', webhooks);
    if (webhooks.unreadable > 0) log.warn('SECRETS_KEY rotation: some webhook secrets open with no configured key', webhooks);
  }
  if (config.secretsKeyIsDevelopment) {
    log.warn(
      'SECRETS_KEY is not set: SSL private keys, two-factor and webhook secrets are sealed with the public development key; set it in production (openssl rand -hex 32)',
    );
  }
  log.info('api listening', { url: `http://localhost:${config.apiPort}`, docs: `http://localhost:${config.apiPort}/api/docs` });
}

main().catch((err) => {
  process.stderr.write(`linkpulse api: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
