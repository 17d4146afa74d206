import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import pg from 'pg';
import type { Redis } from 'ioredis';
import { describeConnectionError, type AppConfig, type Logger } from '@app/config';
import { redisKeys } from '@app/contracts';
import { ClickBatcher, createBullClickSink } from '@app/clicks';
import { createRedirectorMetrics } from '@app/metrics';
import { LinkResolver } from './resolve.js';
import { createRedirectServer, type RedirectStats } from './server.js';
import { ownHostsFor } from './route.js';
import { openRedis } from './redis.js';
import { subscribeInvalidations } from './invalidations.js';

export interface Redirector {
  server: Server & { stats: RedirectStats };
  port: number;
  resolver: LinkResolver;
  batcher: ClickBatcher;
  redis: Redis;
  /** Stops listening, flushes the clicks (retrying up to `flushTimeoutMs`), closes the connections. Returns clicks lost. */
  close(flushTimeoutMs?: number): Promise<number>;
}

/** Connects Postgres and Redis (one clear error line if either is down), then listens on `config.redirectPort`. */
export async function startRedirector(config: AppConfig, log: Logger): Promise<Redirector> {
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 8, application_name: 'linkpulse-redirector' });
  pool.on('error', () => undefined);
  try {
    await pool.query('SELECT 1');
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw new Error(describeConnectionError('Postgres', config.databaseUrl, err));
  }
  const redis = await openRedis(config.redisUrl, true).catch(async (err) => {
    await pool.end().catch(() => undefined);
    throw err;
  });
  const subscriber = await openRedis(config.redisUrl, false);

  const resolver = new LinkResolver(redis, pool, config.redisPrefix);
  await subscribeInvalidations(subscriber, redisKeys(config.redisPrefix).invalidationChannel, resolver, log);

  let lastDropLog = 0;
  const batcher: ClickBatcher = new ClickBatcher(createBullClickSink(redis, config.redisPrefix), {
    batchSize: config.clickBatchSize,
    flushMs: config.clickFlushMs,
    bufferMax: config.clickBufferMax,
    onDrop: (n) => {
      if (Date.now() - lastDropLog < 10_000) return;
      lastDropLog = Date.now();
      log.error('click buffer full: dropping the oldest clicks', { dropped: n, total: batcher.stats().dropped });
    },
    onSendError: (err, clicks) => log.debug('click batch not stored yet, will retry', { clicks, err }),
  });

  const metrics = createRedirectorMetrics(config.metricsToken);
  const server = createRedirectServer({
    resolver,
    onClick: (click) => batcher.add(click),
    ownHosts: ownHostsFor(config.shortBaseUrl),
    shortBaseUrl: config.shortBaseUrl,
    trustProxy: config.trustProxy,
    log,
    instrument: metrics.instrument,
  });
  metrics.observe({ http: server.stats, clicks: batcher, links: resolver });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.redirectPort, () => resolve());
  });

  return {
    server,
    port: (server.address() as AddressInfo).port,
    resolver,
    batcher,
    redis,
    async close(flushTimeoutMs = 10_000) {
      const closed = new Promise((r) => server.close(r));
      server.closeIdleConnections();
      const lost = await batcher.flushAndClose(flushTimeoutMs);
      subscriber.disconnect();
      redis.disconnect();
      await pool.end().catch(() => undefined);
      server.closeAllConnections();
      await closed;
      return lost;
    },
  };
}
