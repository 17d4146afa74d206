import type { NestExpressApplication } from '@nestjs/platform-express';
import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { createLogger, loadConfig, type AppConfig } from '@app/config';
import { EventStore } from '@app/event-store';
import { ensureAdmin } from '@app/identity';
import { connectRedis } from '@app/queue';
import { cleanRedisPrefix, createTestDatabase, testRedisPrefix, testRedisUrl, type TestDatabase } from '@app/testing';
import { createApp } from '../../apps/api/app.js';
import { startTestDnsServer, type TestDnsServer } from './dns-server.js';
import { fetchJson, type JsonRequest, type JsonResponse } from './json-fetch.js';

export interface TestApi {
  baseUrl: string;
  config: AppConfig;
  dataSource: DataSource;
  redis: Redis;
  app: NestExpressApplication;
  db: TestDatabase;
  /** The DNS server DNS_SERVERS points at (domain verification TXT records). */
  dns: TestDnsServer;
  /** fetch against the api; JSON body in and out. */
  call(method: string, path: string, opts?: JsonRequest): Promise<JsonResponse>;
  close(): Promise<void>;
}

/** Quiet logs, the first admin (admin / admin-password-1) and no web app: what every in-process test api runs with. */
export const TEST_API_ENV = { LOG_LEVEL: 'error', ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'admin-password-1', WEB_DIST: '/nonexistent' };

/** The real api on its own database and Redis prefix, listening on a free port. */
export async function startTestApi(
  env: Record<string, string> = {},
  opts: { port?: number; configure?: (config: AppConfig) => void } = {},
): Promise<TestApi> {
  const db = await createTestDatabase();
  const dns = await startTestDnsServer();
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: db.url,
    REDIS_URL: testRedisUrl(),
    REDIS_PREFIX: testRedisPrefix(),
    ...TEST_API_ENV,
    // This api shares the jest worker's event loop, which module transforms can block for longer than the
    // production 500 ms: a lenient limit here; the Redis-outage and fault suites set the production one.
    REDIS_COMMAND_TIMEOUT_MS: '5000',
    DNS_SERVERS: dns.address,
    ...env,
  });
  opts.configure?.(config);
  const redis = await connectRedis(config.redisUrl);
  const app = await createApp(config, db.dataSource, redis);
  await app.listen(opts.port ?? 0, '127.0.0.1');
  // The first admin (admin / admin-password-1 unless env overrides), through the app's store so every projection sees it.
  await ensureAdmin(config, db.dataSource, app.get(EventStore), createLogger('test-api', config.logLevel));
  const address = app.getHttpServer().address() as import('node:net').AddressInfo;
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const cleanupRedis = await connectRedis(config.redisUrl);
  return {
    baseUrl,
    config,
    dataSource: db.dataSource,
    redis,
    app,
    db,
    dns,
    call: (method, path, opts = {}) => fetchJson(baseUrl + path, method, opts),
    async close() {
      await app.close();
      await cleanRedisPrefix(cleanupRedis, config.redisPrefix);
      await cleanupRedis.quit();
      await db.drop();
      await dns.close();
    },
  };
}
