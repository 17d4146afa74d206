import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import pg from 'pg';
import type { Redis } from 'ioredis';
import { describeConnectionError, type AppConfig, type Logger } from '@app/config';
import { redisKeys } from '@app/contracts';
import { PasswordTries, handleResubscribeRejections } from '@app/queue';
import { createRedirectorMetrics } from '@app/metrics';
import { LinkResolver } from './resolve.js';
import { createRedirectServer, type RedirectStats } from './server.js';
import { hostnameOf, ownHostsFor } from './route.js';
import { openRedis } from './redis.js';
import { subscribeInvalidations } from './invalidations.js';
import { ClickLimiter } from './controls/click-limit.js';
import { configureGeo } from './controls/destination.js';
import { OwnDestinations } from './loop-guard.js';
import { ClickChannel } from './clicks/click-channel.js';

export interface Redirector {
  server: Server & { stats: RedirectStats };
  port: number;
  resolver: LinkResolver;
  /** Clicks on their way to the queue (a thread of their own: clicks/). */
  clicks: ClickChannel;
  redis: Redis;
  /** Stops listening, flushes the clicks (retrying up to `flushTimeoutMs`), closes the connections. Returns clicks lost. */
  close(flushTimeoutMs?: number): Promise<number>;
}

const OWN_DOMAINS_REFRESH_MS = 30_000;

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
  const redis = await openRedis(config.redisUrl, true, config.redisClusterNodes).catch(async (err) => {
    await pool.end().catch(() => undefined);
    throw err;
  });
  const subscriber = handleResubscribeRejections(await openRedis(config.redisUrl, false, config.redisClusterNodes));

  // Destinations on our own hosts (loop-guard.ts): short host, app host, this machine and the active custom domains,
  // reloaded at once when the api says domains changed (invalidation channel) and every 30 s as a safety net; a
  // change clears the LRU so every link's `leadsHome` flag is computed again.
  const own = new OwnDestinations(new Set([...ownHostsFor(config.shortBaseUrl), new URL(config.appUrl).hostname.toLowerCase()]));
  const loadOwnDomains = async () => {
    const { rows } = await pool.query<{ d: string }>('SELECT lower(domain) AS d FROM domains WHERE is_active');
    return own.replaceDomains(rows.map((r) => r.d));
  };
  await loadOwnDomains();
  const resolver = new LinkResolver(redis, pool, config.redisPrefix, { leadsHome: (link) => own.linkLeadsHome(link) });
  const reloadOwnDomains = () =>
    void loadOwnDomains().then(
      (changed) => changed && resolver.clear(),
      (err: unknown) => log.debug('custom domains not reloaded', { err }),
    );
  const ownDomainsTimer = setInterval(reloadOwnDomains, OWN_DOMAINS_REFRESH_MS);
  ownDomainsTimer.unref();
  /** Stops the timer and ends the connections: on close, and when a later start step fails. */
  const release = async () => {
    clearInterval(ownDomainsTimer);
    subscriber.disconnect();
    redis.disconnect();
    await pool.end().catch(() => undefined);
  };
  await subscribeInvalidations(subscriber, redisKeys(config.redisPrefix).invalidationChannel, resolver, log, reloadOwnDomains);

  const clicks = await ClickChannel.start(
    {
      redisUrl: config.redisUrl,
      redisClusterNodes: config.redisClusterNodes,
      redisPrefix: config.redisPrefix,
      clickBatchSize: config.clickBatchSize,
      clickFlushMs: config.clickFlushMs,
      clickBufferMax: config.clickBufferMax,
      trustProxy: config.trustProxy,
    },
    log,
  ).catch(async (err: unknown) => {
    await release();
    throw err;
  });

  configureGeo(config.geoipDb);
  const metricsHosts = ownHostsFor(config.shortBaseUrl);
  const metrics = createRedirectorMetrics(config.metricsToken, (host) => metricsHosts.has(hostnameOf(host)));
  const server = createRedirectServer({
    resolver,
    onClick: (click) => clicks.add(click),
    ownHosts: ownHostsFor(config.shortBaseUrl),
    isOwnUrl: (url) => own.isOwnUrl(url),
    shortBaseUrl: config.shortBaseUrl,
    trustProxy: config.trustProxy,
    log,
    controls: { limiter: new ClickLimiter(redis, pool, config.redisPrefix), tries: new PasswordTries(redis, config.redisPrefix), pg: pool },
    instrument: metrics.instrument,
  });
  metrics.observe({ http: server.stats, clicks, links: resolver });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.redirectPort, () => resolve());
  }).catch(async (err: unknown) => {
    // e.g. the port is taken: stop what started, so the process (or a test) can end.
    await clicks.flushAndClose(0);
    await release();
    throw err;
  });

  return {
    server,
    port: (server.address() as AddressInfo).port,
    resolver,
    clicks,
    redis,
    async close(flushTimeoutMs = 10_000) {
      const closed = new Promise((r) => server.close(r));
      server.closeIdleConnections();
      const lost = await clicks.flushAndClose(flushTimeoutMs);
      await release();
      server.closeAllConnections();
      await closed;
      return lost;
    },
  };
}
