import { randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { redisKeys, type HealthDto, type RecoverResultDto, type SystemStatusDto } from '@app/contracts';
import { createQueue } from '@app/queue';
import { recordStoredClicks } from '@app/operations';
import { adminSession, approvedUser, registerUser } from '../helpers/auth.js';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { until } from '../helpers/until.js';

describe('operations: health, recovery, system management', () => {
  let api: TestApi;
  let admin: string;
  let user: string;
  let clicks: Queue;
  const connections: Redis[] = [];
  const conn = () => {
    const c = api.redis.duplicate();
    connections.push(c);
    return c;
  };

  beforeAll(async () => {
    api = await startTestApi();
    admin = await adminSession(api);
    user = (await approvedUser(api, 'ops-user')).sessionId;
    clicks = createQueue('clicks', conn(), api.config.redisPrefix);
  });
  afterAll(async () => {
    await clicks.close();
    await Promise.all(connections.map((c) => c.quit()));
    await api.close();
  });

  /** One job on the clicks queue that a throwing consumer fails (attempts: 1); the consumer stays connected. */
  async function failOneClickJob(): Promise<Worker> {
    const job = await clicks.add('batch', { clicks: [] }, { attempts: 1 });
    const worker = new Worker(
      'clicks',
      async (): Promise<unknown> => {
        throw new Error('boom');
      },
      {
        connection: conn(),
        prefix: redisKeys(api.config.redisPrefix).bullPrefix,
        name: 'ops-failing-worker',
      },
    );
    await until(async () => (await clicks.getJob(job.id!))?.failedReason === 'boom', { ms: 5000, pollMs: 25 });
    return worker;
  }

  it('liveness and readiness answer without a session', async () => {
    expect(await api.call('GET', '/api/health/live')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await api.call('GET', '/api/health/ready')).toMatchObject({
      status: 200,
      body: { status: 'ready', database: 'connected', redis: 'connected' },
    });
  });

  it('GET /api/health needs a session and reports every component', async () => {
    expect((await api.call('GET', '/api/health')).status).toBe(401);
    const pending = await registerUser(api, 'ops-pending');
    expect((await api.call('GET', '/api/health', { session: pending.sessionId })).status).toBe(403);
    const res = await api.call('GET', '/api/health', { session: user });
    expect(res.status).toBe(200);
    const [{ n }] = await api.dataSource.query('SELECT count(*)::int AS n FROM users');
    expect(res.body as HealthDto).toEqual({
      status: 'healthy',
      database: 'connected',
      redis: 'connected',
      server: 'healthy',
      queue: { waiting: 0, active: 0, delayed: 0, failed: 0, completed: 0 },
      workers: 0,
      lastCheck: null,
      users: n,
      errors: [],
    });
    expect(n).toBeGreaterThanOrEqual(2);
  });

  it.each([
    ['POST', '/api/admin/recover'],
    ['GET', '/api/admin/system'],
    ['POST', '/api/admin/system/retry-failed'],
    ['POST', '/api/admin/system/rebuild-projections'],
    ['POST', '/api/admin/system/warm-cache'],
  ])('%s %s: 401 anonymous, 403 for a regular user', async (method, path) => {
    expect(await api.call(method, path)).toMatchObject({ status: 401 });
    expect(await api.call(method, path, { session: user })).toMatchObject({
      status: 403,
      body: { statusCode: 403, message: 'Only administrators can do this.' },
    });
  });

  it('recover retries a failed click job, records the check and says what it did', async () => {
    const worker = await failOneClickJob();
    const before = (await api.call('GET', '/api/health', { session: admin })).body as HealthDto;
    expect(before.status).toBe('degraded');
    // The raw error text is for administrators; a regular user sees that something is wrong, not what.
    const forUser = (await api.call('GET', '/api/health', { session: user })).body as HealthDto;
    expect(forUser).toMatchObject({ status: 'degraded', errors: ['Some components report problems; an administrator can see the details.'] });
    expect(before.queue.failed).toBe(1);
    expect(before.workers).toBe(1);
    expect(before.errors).toEqual([expect.stringMatching(/ 1 click job has failed; recovery retries them\.$/)]);

    const system = (await api.call('GET', '/api/admin/system', { session: admin })).body as SystemStatusDto;
    expect(system.queue).toMatchObject({ name: 'clicks', failed: 1, waiting: 0 });
    expect(system.workers).toEqual([expect.objectContaining({ name: 'ops-failing-worker', addr: expect.stringMatching(/^127\.0\.0\.1:\d+$/) })]);
    expect(system.clicksLastMinute).toBe(0);
    expect(system.maintenance).toMatchObject({ name: 'maintenance', failed: 0 });
    await worker.close();

    const res = await api.call('POST', '/api/admin/recover', { session: admin });
    expect(res.status).toBe(200);
    const body = res.body as RecoverResultDto;
    expect(body.actions).toEqual(['Database connection is healthy', 'Redis connection is healthy', 'Retried 1 failed click job']);
    expect(body.health.queue).toMatchObject({ failed: 0, waiting: 1 });
    expect(body.health.lastCheck).not.toBeNull();
    expect(body.health.errors).toEqual([expect.stringMatching(/ No worker is processing clicks \(1 job waiting\)\.$/)]);

    const rows = await api.dataSource.query('SELECT status, errors, actions FROM health_checks');
    expect(rows).toEqual([{ status: 'degraded', errors: ['No worker is processing clicks (1 job waiting).'], actions: body.actions }]);
    const after = (await api.call('GET', '/api/health', { session: user })).body as HealthDto;
    expect(after.lastCheck).toBe(body.health.lastCheck);
    await clicks.drain();
  });

  it('reports the clicks the workers stored in the last 60 seconds', async () => {
    const prefix = api.config.redisPrefix;
    const now = Date.now();
    // Two workers in this second, one 59 s ago; 61 s ago is outside the minute.
    await recordStoredClicks(api.redis, prefix, 7, now);
    await recordStoredClicks(api.redis, prefix, 3, now);
    await recordStoredClicks(api.redis, prefix, 5, now - 59_000);
    await recordStoredClicks(api.redis, prefix, 100, now - 61_000);
    const system = (await api.call('GET', '/api/admin/system', { session: admin })).body as SystemStatusDto;
    expect(system.clicksLastMinute).toBe(15);
    expect(await api.redis.ttl(redisKeys(prefix).clicksStored(Math.floor(now / 1000)))).toBeGreaterThan(60);
  });

  it('retry-failed moves failed click jobs back to waiting', async () => {
    const worker = await failOneClickJob();
    await worker.close();
    expect(await api.call('POST', '/api/admin/system/retry-failed', { session: admin })).toMatchObject({ status: 200, body: { retried: 1 } });
    expect(await clicks.getJobCounts('failed', 'waiting')).toEqual({ failed: 0, waiting: 1 });
    expect(await api.call('POST', '/api/admin/system/retry-failed', { session: admin })).toMatchObject({ status: 200, body: { retried: 0 } });
    await clicks.drain();
  });

  it('warm-cache writes every link of the default host and of active domains into Redis', async () => {
    const owner = randomUUID();
    const [active, inactive] = [randomUUID(), randomUUID()];
    await api.dataSource.query(
      `INSERT INTO domains (id, owner_id, domain, is_active, created_at) VALUES ($1, $3, 'Go.Example.com', true, now()), ($2, $3, 'old.example.com', false, now())`,
      [active, inactive, owner],
    );
    const link = (id: string, code: string, domainId: string | null, ogTitle: string | null = null) =>
      api.dataSource.query(
        `INSERT INTO links (id, owner_id, name, short_code, original_url, domain_id, og_title, created_at, updated_at)
         VALUES ($1, $2, 'n', $3, $4, $5, $6, now(), now())`,
        [id, owner, code, `https://example.org/${code}`, domainId, ogTitle],
      );
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    await link(a, 'abc', null, 'Title');
    await link(b, 'xyz', active);
    await link(c, 'gone', inactive);

    const res = await api.call('POST', '/api/admin/system/warm-cache', { session: admin });
    expect(res).toMatchObject({ status: 200, body: { warmed: 2 } });
    const keys = redisKeys(api.config.redisPrefix);
    expect(JSON.parse((await api.redis.get(keys.link('_', 'abc')))!)).toEqual({
      id: a,
      url: 'https://example.org/abc',
      ogTitle: 'Title',
      ogDescription: null,
      ogImage: null,
    });
    expect(JSON.parse((await api.redis.get(keys.link('go.example.com', 'xyz')))!)).toMatchObject({ id: b, url: 'https://example.org/xyz' });
    expect(await api.redis.get(keys.link('old.example.com', 'gone'))).toBeNull();
  });

  it('rebuild-projections replays the event store and reports counts; users survive it', async () => {
    const [{ n }] = await api.dataSource.query('SELECT count(*)::int AS n FROM events');
    const usersBefore = await api.dataSource.query('SELECT id, username, is_approved FROM users ORDER BY username');
    const res = await api.call('POST', '/api/admin/system/rebuild-projections', { session: admin });
    expect(res.status).toBe(200);
    expect(n).toBeGreaterThanOrEqual(3);
    expect(res.body.events).toBe(n);
    expect(res.body.projections).toContain('users');
    expect(await api.dataSource.query('SELECT id, username, is_approved FROM users ORDER BY username')).toEqual(usersBefore);
    expect((await api.call('GET', '/api/health', { session: user })).status).toBe(200);
  });
});
