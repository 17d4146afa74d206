import type { NestExpressApplication } from '@nestjs/platform-express';
import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { createEnricher, ingestClicks } from '@app/clicks';
import { createLogger, loadConfig, type AppConfig } from '@app/config';
import { connectPostgres, connectReadDataSource, ensureDatabase, migrate } from '@app/database';
import { EventStore } from '@app/event-store';
import { ensureAdmin } from '@app/identity';
import { connectRedis } from '@app/queue';
import { cleanRedisPrefix, testRedisPrefix, testRedisUrl } from '@app/testing';
import { createApp } from '../../apps/api/app.js';
import { freePort } from '../helpers/processes.js';
import { startOwnPostgres, type OwnService } from '../helpers/own-services.js';
import { startOwnReplica } from '../helpers/own-replica.js';
import { TEST_API_ENV } from '../helpers/test-api.js';
import { clickEvent } from './worker-helpers.js';

/**
 * DATABASE_READ_URL against a real streaming replica (own primary + pg_basebackup -R replica). Replay is paused on
 * the replica to make its lag visible: dashboards show the replica's (older) numbers, while writes and
 * read-your-writes paths (log in, create a link, open its analytics) keep working on the primary.
 */
let primary: OwnService;
let replica: OwnService;
let ds: DataSource;
let readDs: DataSource;
let redis: Redis;
let app: NestExpressApplication;
let config: AppConfig;
let baseUrl: string;

const withDb = (url: string) => url.replace(/\/linkpulse$/, '/lp_replica');
const call = async (method: string, path: string, session?: string, body?: unknown) => {
  const res = await fetch(baseUrl + path, {
    method,
    headers: { ...(session ? { authorization: `Bearer ${session}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json().catch(() => null) };
};
/** Waits until the replica has replayed everything the primary has written so far. */
const replicaCaughtUp = async () => {
  const [{ lsn }] = await ds.query('SELECT pg_current_wal_lsn()::text AS lsn');
  for (let i = 0; i < 200; i++) {
    const [{ behind }] = await readDs.query('SELECT pg_wal_lsn_diff($1::pg_lsn, pg_last_wal_replay_lsn()) > 0 AS behind', [lsn]);
    if (!behind) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('replica did not catch up');
};

beforeAll(async () => {
  primary = await startOwnPostgres(await freePort());
  await ensureDatabase(withDb(primary.url));
  ds = await connectPostgres(withDb(primary.url), { poolSize: 5 });
  await migrate(ds);
  replica = await startOwnReplica(primary.port, await freePort());
  config = loadConfig({
    ...process.env,
    DATABASE_URL: withDb(primary.url),
    DATABASE_READ_URL: withDb(replica.url),
    REDIS_URL: testRedisUrl(),
    REDIS_PREFIX: testRedisPrefix(),
    ...TEST_API_ENV,
  });
  readDs = await connectReadDataSource(config.databaseReadUrl, ds, 'linkpulse-test');
  redis = await connectRedis(config.redisUrl);
  app = await createApp(config, ds, redis, readDs);
  await app.listen(0, '127.0.0.1');
  await ensureAdmin(config, ds, app.get(EventStore), createLogger('test', 'error'));
  baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as import('node:net').AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  const cleanup = await connectRedis(config.redisUrl).catch(() => null);
  await app?.close(); // closes ds, readDs and redis
  if (cleanup) {
    await cleanRedisPrefix(cleanup, config.redisPrefix);
    await cleanup.quit();
  }
  await replica?.destroy();
  await primary?.destroy();
});

describe('DATABASE_READ_URL: a streaming replica for dashboards', () => {
  it('the read DataSource really is the standby', async () => {
    expect(readDs).not.toBe(ds);
    expect(await readDs.query('SELECT pg_is_in_recovery() AS standby')).toEqual([{ standby: true }]);
    expect(await ds.query('SELECT pg_is_in_recovery() AS standby')).toEqual([{ standby: false }]);
  });

  it('dashboards, link analytics, export and IP summary read the replica; writes and read-your-writes use the primary', async () => {
    const login = await call('POST', '/api/auth/login', undefined, { username: 'admin', password: 'admin-password-1' });
    expect(login.status).toBe(200);
    const admin = login.body.sessionId as string;
    const created = await call('POST', '/api/links', admin, { originalUrl: 'https://example.org/replica' });
    expect(created.status).toBe(201);
    const link = created.body as { id: string; userId?: string };
    const [{ owner_id: ownerId }] = await ds.query('SELECT owner_id FROM links WHERE id = $1', [link.id]);
    const enricher = createEnricher();
    await ingestClicks(
      ds,
      [1, 2, 3].map(() => enricher.enrich(clickEvent(link.id))),
    );
    await replicaCaughtUp();
    const stats = await call('GET', '/api/analytics/stats', admin);
    expect(stats.body).toMatchObject({ totalClicks: 3, totalLinks: 1 });

    // Freeze the replica: from now on it lags behind the primary.
    await readDs.query('SELECT pg_wal_replay_pause()');
    await ingestClicks(
      ds,
      [1, 2].map(() => enricher.enrich(clickEvent(link.id))),
    );
    const fresh = await call('POST', '/api/links', admin, { originalUrl: 'https://example.org/just-created' });
    expect(fresh.status).toBe(201);
    expect(await ds.query('SELECT sum(click_count)::int AS n FROM link_stats WHERE owner_id = $1', [ownerId])).toEqual([{ n: 5 }]);

    // Lag-tolerant reads show the replica's state...
    expect((await call('GET', '/api/analytics/stats', admin)).body).toMatchObject({ totalClicks: 3, totalLinks: 1 });
    expect((await call('GET', `/api/links/${link.id}/analytics`, admin)).body).toMatchObject({ totalClicks: 3 });
    const ipSummary = await call('GET', '/api/admin/ip-summary', admin);
    expect(ipSummary.status).toBe(200);
    expect(JSON.stringify(ipSummary.body)).toContain('"totalClicks":3');
    const csv = await fetch(`${baseUrl}/api/export/csv`, { headers: { authorization: `Bearer ${admin}` } });
    expect(csv.status).toBe(200);
    expect(await csv.text()).not.toContain('just-created');
    // ...while the link just created is there at once (links list and its analytics page: the primary).
    const opened = await call('GET', `/api/links/${fresh.body.id}/analytics`, admin);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ totalClicks: 0 });
    const list = await call('GET', '/api/links', admin);
    expect(list.body.map((l: { id: string; clickCount: number }) => [l.id, l.clickCount])).toEqual([
      [fresh.body.id, 0],
      [link.id, 5],
    ]);

    // Replay resumes: the dashboards catch up.
    await readDs.query('SELECT pg_wal_replay_resume()');
    await replicaCaughtUp();
    expect((await call('GET', '/api/analytics/stats', admin)).body).toMatchObject({ totalClicks: 5, totalLinks: 2 });
    expect((await call('GET', `/api/links/${link.id}/analytics`, admin)).body).toMatchObject({ totalClicks: 5 });
  });
});

describe('loadConfig DATABASE_READ_URL', () => {
  it('is optional and must be a postgres URL', () => {
    expect(loadConfig({}).databaseReadUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_READ_URL: 'postgres://r@h:5433/x' }).databaseReadUrl).toBe('postgres://r@h:5433/x');
    expect(() => loadConfig({ DATABASE_READ_URL: 'mysql://h/x' })).toThrow(/DATABASE_READ_URL must start with postgres:\/\//);
  });
});
