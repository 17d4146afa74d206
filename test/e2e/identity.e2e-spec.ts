import { execFileSync } from 'node:child_process';
import { connectRedis } from '@app/queue';
import { cleanRedisPrefix, createTestDatabase, testRedisPrefix, testRedisUrl, type TestDatabase } from '@app/testing';
import { ensureBuilt, freePort, startBuiltProcess, type BuiltProcess } from '../helpers/processes.js';

/** The built api (`node dist/apps/api/main.js`) over plain HTTP: sign-up, approval, sign-out, rate limit, rebuild. */
describe('identity e2e (built api process)', () => {
  let db: TestDatabase;
  let api: BuiltProcess;
  let base: string;
  const prefix = testRedisPrefix();
  let env: Record<string, string>;

  const call = async (method: string, path: string, body?: unknown, session?: string) => {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (session) headers.authorization = `Bearer ${session}`;
    const res = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };

  beforeAll(async () => {
    ensureBuilt(['api']);
    db = await createTestDatabase();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = {
      DATABASE_URL: db.url,
      REDIS_URL: testRedisUrl(),
      REDIS_PREFIX: prefix,
      API_PORT: String(port),
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'e2e-admin-password',
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'info',
    };
    api = await startBuiltProcess('api', env, { waitForLine: 'api listening', waitForUrl: `${base}/api/auth/me` });
  });

  afterAll(async () => {
    await api?.stop();
    const redis = await connectRedis(testRedisUrl());
    await cleanRedisPrefix(redis, prefix);
    await redis.quit();
    await db?.drop();
  });

  it('register → pending 403 → admin approves → 200; logout kills the session', async () => {
    const reg = await call('POST', '/api/auth/register', { username: 'e2e-user', password: 'e2e-password-1' });
    expect(reg).toMatchObject({ status: 201, body: { user: { username: 'e2e-user', isApproved: false } } });
    const session = reg.body.sessionId as string;
    expect(await call('GET', '/api/analytics/stats?timezoneOffset=0', undefined, session)).toMatchObject({
      status: 403,
      body: { statusCode: 403, message: 'Your account is waiting for admin approval.' },
    });

    const login = await call('POST', '/api/auth/login', { username: 'admin', password: 'e2e-admin-password' });
    expect(login).toMatchObject({ status: 200, body: { user: { username: 'admin', isAdmin: true, isApproved: true } } });
    const admin = login.body.sessionId as string;
    expect((await call('GET', '/api/admin/users/pending', undefined, admin)).body).toEqual([reg.body.user]);
    expect((await call('POST', `/api/admin/users/${reg.body.user.id}/approve`, undefined, admin)).status).toBe(200);

    expect((await call('GET', '/api/analytics/stats?timezoneOffset=0', undefined, session)).status).toBe(200);
    expect(await call('GET', '/api/auth/me', undefined, session)).toMatchObject({ status: 200, body: { user: { isApproved: true } } });

    expect((await call('POST', '/api/auth/logout', {}, session)).status).toBe(200);
    expect((await call('GET', '/api/auth/me', undefined, session)).status).toBe(401);
  });

  it('rate limit trips: the 11th sign-in attempt for one username within a minute gets 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await call('POST', '/api/auth/login', { username: 'e2e-user', password: 'wrong-password' })).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    expect((await call('POST', '/api/auth/login', { username: 'e2e-user', password: 'e2e-password-1' })).body).toEqual({
      statusCode: 429,
      message: 'Too many attempts. Please wait a minute and try again.',
    });
  });

  it('npm run projections:rebuild replays the store into the same users table', async () => {
    const before = await db.dataSource.query('SELECT * FROM users ORDER BY id');
    const out = execFileSync(process.execPath, ['dist/apps/api/rebuild-projections.js'], {
      env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    });
    expect(out).toMatch(/Rebuilt \d+ projections \(.*users.*\) from \d+ events/);
    expect(await db.dataSource.query('SELECT * FROM users ORDER BY id')).toEqual(before);
  });

  it('logs carry no password or session id, and a pg_dump holds neither', async () => {
    const dump = execFileSync('pg_dump', ['-h', '127.0.0.1', '-U', 'postgres', new URL(db.url).pathname.slice(1)], {
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    });
    for (const secret of ['e2e-password-1', 'e2e-admin-password']) {
      expect(dump).not.toContain(secret);
      expect(api.output()).not.toContain(secret);
    }
    expect(api.output()).toContain('"path":"/api/auth/login"');
  });
});
