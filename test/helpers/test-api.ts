import type { NestExpressApplication } from '@nestjs/platform-express';
import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { createLogger, loadConfig, type AppConfig } from '@app/config';
import { EventStore } from '@app/event-store';
import { ensureAdmin } from '@app/identity';
import { connectRedis } from '@app/queue';
import { cleanRedisPrefix, createTestDatabase, testRedisPrefix, testRedisUrl, type TestDatabase } from '@app/testing';
import { createApp } from '../../apps/api/app.js';

export interface TestApi {
  baseUrl: string;
  config: AppConfig;
  dataSource: DataSource;
  redis: Redis;
  app: NestExpressApplication;
  db: TestDatabase;
  /** fetch against the api; JSON body in and out. */
  call(method: string, path: string, opts?: { body?: unknown; session?: string | null; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

/** The real api on its own database and Redis prefix, listening on a free port. */
export async function startTestApi(env: Record<string, string> = {}): Promise<TestApi> {
  const db = await createTestDatabase();
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: db.url,
    REDIS_URL: testRedisUrl(),
    REDIS_PREFIX: testRedisPrefix(),
    LOG_LEVEL: 'error',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'admin-password-1',
    WEB_DIST: '/nonexistent',
    ...env,
  });
  const redis = await connectRedis(config.redisUrl);
  const app = await createApp(config, db.dataSource, redis);
  await app.listen(0, '127.0.0.1');
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
    async call(method, path, opts = {}) {
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      if (opts.body !== undefined) headers['content-type'] = 'application/json';
      if (opts.session) headers.authorization = `Bearer ${opts.session}`;
      const res = await fetch(baseUrl + path, {
        method,
        headers,
        body: opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
      });
      const text = await res.text();
      let body: any = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        /* not JSON */
      }
      return { status: res.status, body, headers: res.headers };
    },
    async close() {
      await app.close();
      await cleanRedisPrefix(cleanupRedis, config.redisPrefix);
      await cleanupRedis.quit();
      await db.drop();
    },
  };
}
