import pg from 'pg';
import { createLogger, describeConnectionError, loadConfig } from '@app/config';
import { redisKeys } from '@app/contracts';
import { ClickBatcher, createBullClickSink } from '@app/clicks';
import { LinkResolver } from './resolve.js';
import { createRedirectServer } from './server.js';
import { ownHostsFor } from './route.js';
import { openRedis } from './redis.js';
import { subscribeInvalidations } from './invalidations.js';

/** `npm run start:redirector`: the short-link hot path on REDIRECT_PORT. */
async function main() {
  const config = loadConfig();
  const log = createLogger('redirector', config.logLevel);

  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 8, application_name: 'linkpulse-redirector' });
  pool.on('error', () => undefined);
  try {
    await pool.query('SELECT 1');
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw new Error(describeConnectionError('Postgres', config.databaseUrl, err));
  }
  const redis = await openRedis(config.redisUrl, true);
  const subscriber = await openRedis(config.redisUrl, false);

  const resolver = new LinkResolver(redis, pool, config.redisPrefix);
  await subscribeInvalidations(subscriber, redisKeys(config.redisPrefix).invalidationChannel, resolver, log);

  let lastDropLog = 0;
  const batcher = new ClickBatcher(createBullClickSink(redis, config.redisPrefix), {
    batchSize: config.clickBatchSize,
    flushMs: config.clickFlushMs,
    bufferMax: config.clickBufferMax,
    onDrop: (n) => {
      if (Date.now() - lastDropLog < 10_000) return;
      lastDropLog = Date.now();
      log.error('click buffer full: dropping the oldest clicks', { dropped: n, total: batcher.stats().dropped });
    },
  });

  const server = createRedirectServer({
    resolver,
    onClick: (click) => batcher.add(click),
    ownHosts: ownHostsFor(config.shortBaseUrl),
    shortBaseUrl: config.shortBaseUrl,
    trustProxy: config.trustProxy,
    log,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.redirectPort, () => resolve());
  });
  log.info('redirector listening', { port: config.redirectPort, shortBaseUrl: config.shortBaseUrl });

  const statsTimer = setInterval(() => {
    log.info('stats', { http: server.stats, links: resolver.stats(), clicks: batcher.stats(), redis: redis.status });
  }, 60_000);
  statsTimer.unref();

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info('stopping: flushing clicks', { signal, clicks: batcher.stats() });
    clearInterval(statsTimer);
    server.close();
    server.closeIdleConnections();
    const lost = await batcher.flushAndClose(10_000);
    if (lost > 0) log.error('clicks lost at shutdown: Redis unreachable', { lost });
    log.info('stopped', { clicks: batcher.stats() });
    subscriber.disconnect();
    redis.disconnect();
    await pool.end().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', (s) => void stop(s));
  process.on('SIGINT', (s) => void stop(s));
}

main().catch((err) => {
  process.stderr.write(`redirector: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
