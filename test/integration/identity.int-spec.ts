import { execFileSync } from 'node:child_process';
import { createLogger } from '@app/config';
import { EventStore } from '@app/event-store';
import { hashSessionToken } from '@app/identity';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { adminSession, approvedUser, registerUser } from '../helpers/auth.js';

const STATS = '/api/analytics/stats?timezoneOffset=0';
const loginAs = (api: TestApi, username: string, password: string) => api.call('POST', '/api/auth/login', { body: { username, password } });

describe('identity over HTTP (real Postgres + Redis)', () => {
  let api: TestApi;
  let admin: string;
  const logged: string[] = [];
  const realWrite = process.stdout.write.bind(process.stdout);

  beforeAll(async () => {
    // Every log line of this api (debug level) is kept, to prove no password or session id is ever logged.
    process.stdout.write = ((chunk: string | Uint8Array, ..._rest: unknown[]) => {
      logged.push(String(chunk));
      return true;
    }) as typeof process.stdout.write;
    api = await startTestApi({ LOG_LEVEL: 'debug' });
    admin = await adminSession(api);
  });
  afterAll(async () => {
    process.stdout.write = realWrite;
    await api?.close();
  });

  it('register gives 201 with a pending user and a session; pending gets 403 until an admin approves, then 200', async () => {
    const reg = await api.call('POST', '/api/auth/register', { body: { username: 'alice', password: 'alice-password' } });
    expect(reg.status).toBe(201);
    expect(Object.keys(reg.body.user).sort()).toEqual([
      'approvedAt',
      'createdAt',
      'hasPassword',
      'id',
      'isAdmin',
      'isApproved',
      'mustChangePassword',
      'twoFactorEnabled',
      'username',
    ]);
    expect(reg.body.user).toMatchObject({ username: 'alice', isAdmin: false, isApproved: false, approvedAt: null });
    expect(reg.body.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const session = reg.body.sessionId;

    expect(await api.call('GET', '/api/auth/me', { session })).toMatchObject({
      status: 200,
      body: { user: { username: 'alice', isApproved: false } },
    });
    expect(await api.call('GET', STATS, { session })).toMatchObject({
      status: 403,
      body: { statusCode: 403, message: 'Your account is waiting for admin approval.' },
    });

    const pending = await api.call('GET', '/api/admin/users/pending', { session: admin });
    expect(pending.body.map((u: { username: string }) => u.username)).toContain('alice');

    const approve = await api.call('POST', `/api/admin/users/${reg.body.user.id}/approve`, { session: admin });
    expect(approve).toMatchObject({ status: 200, body: { id: reg.body.user.id, isApproved: true } });
    expect(approve.body.approvedAt).toEqual(expect.any(String));

    expect((await api.call('GET', STATS, { session })).status).toBe(200);
    expect((await api.call('GET', '/api/admin/users/pending', { session: admin })).body.map((u: { username: string }) => u.username)).not.toContain(
      'alice',
    );
  });

  it('non-admins get 403 on every admin users call', async () => {
    const { sessionId, user } = await approvedUser(api, 'bob');
    const other = await registerUser(api, 'bob-victim');
    for (const [method, path] of [
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/users/pending'],
      ['POST', `/api/admin/users/${other.user.id}/approve`],
      ['DELETE', `/api/admin/users/${other.user.id}`],
    ]) {
      expect(await api.call(method, path, { session: sessionId })).toMatchObject({
        status: 403,
        body: { message: 'Only administrators can do this.' },
      });
    }
    expect(user.isApproved).toBe(true);
    expect((await api.call('GET', '/api/admin/users', {})).status).toBe(401);
  });

  it('login: 200 with a new session; wrong password and unknown user give the same 401', async () => {
    await approvedUser(api, 'carol', 'carol-password');
    const ok = await loginAs(api, 'CAROL', 'carol-password');
    expect(ok).toMatchObject({ status: 200, body: { user: { username: 'carol', isApproved: true } } });
    const wrong = await loginAs(api, 'carol', 'not-her-password');
    const unknown = await loginAs(api, 'nobody-here', 'carol-password');
    expect(wrong).toMatchObject({ status: 401, body: { statusCode: 401, message: 'Invalid username or password' } });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('logout kills the session: me gives 401 afterwards, other sessions live on', async () => {
    const { sessionId } = await approvedUser(api, 'dave', 'dave-password');
    const second = (await loginAs(api, 'dave', 'dave-password')).body.sessionId;
    expect(await api.call('POST', '/api/auth/logout', { body: {}, session: sessionId })).toMatchObject({ status: 200, body: {} });
    expect(await api.call('GET', '/api/auth/me', { session: sessionId })).toMatchObject({
      status: 401,
      body: { message: 'Please sign in: your session is missing or has expired.' },
    });
    expect((await api.call('GET', '/api/auth/me', { session: second })).status).toBe(200);
    expect((await api.call('GET', '/api/auth/me', {})).status).toBe(401);
    expect((await api.call('POST', '/api/auth/logout', { body: {} })).status).toBe(200);
  });

  it('a username is taken regardless of case: 409', async () => {
    await registerUser(api, 'Erin');
    const dup = await api.call('POST', '/api/auth/register', { body: { username: 'erin', password: 'password-123' } });
    expect(dup).toMatchObject({ status: 409, body: { statusCode: 409, message: 'Username is already taken' } });
  });

  it('two sign-ups racing for one name: exactly one 201, the other 409', async () => {
    const [a, b] = await Promise.all(
      ['Racer', 'racer'].map((username) => api.call('POST', '/api/auth/register', { body: { username, password: 'password-123' } })),
    );
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(await api.dataSource.query(`SELECT count(*)::int AS n FROM users WHERE lower(username) = 'racer'`)).toEqual([{ n: 1 }]);
  });

  it('OpenAPI documents the identity calls from the DTOs', async () => {
    const doc = (await api.call('GET', '/api/docs-json')).body;
    for (const path of [
      '/api/auth/register',
      '/api/auth/login',
      '/api/auth/logout',
      '/api/auth/me',
      '/api/admin/users',
      '/api/admin/users/pending',
      '/api/admin/users/{id}/approve',
      '/api/admin/users/{id}',
    ]) {
      expect(doc.paths[path]).toBeDefined();
    }
    expect(doc.components.schemas.RegisterDto.properties.password).toMatchObject({ minLength: 10, maxLength: 200 });
    expect(doc.components.schemas.UserResponse.properties).not.toHaveProperty('passwordHash');
  });

  it('reject removes a pending user and its sessions; the name can register again', async () => {
    const { user, sessionId } = await registerUser(api, 'frank');
    expect(await api.call('DELETE', `/api/admin/users/${user.id}`, { session: admin })).toMatchObject({ status: 200 });
    expect((await api.call('GET', '/api/auth/me', { session: sessionId })).status).toBe(401);
    expect(await api.dataSource.query('SELECT 1 FROM sessions WHERE user_id = $1', [user.id])).toEqual([]);
    expect((await api.call('GET', '/api/admin/users', { session: admin })).body.map((u: { id: string }) => u.id)).not.toContain(user.id);
    const [event] = await api.dataSource.query(`SELECT data FROM events WHERE stream_id = $1 AND type = 'user-deleted'`, [user.id]);
    expect(event.data).toMatchObject({ userId: user.id, reason: 'rejected', by: expect.any(String), at: expect.any(String) });
    expect((await loginAs(api, 'frank', 'password-123')).status).toBe(401);
    await registerUser(api, 'frank');
  });

  it('delete removes an approved user with all its sessions', async () => {
    const { user, sessionId } = await approvedUser(api, 'grace', 'grace-password');
    const second = (await loginAs(api, 'grace', 'grace-password')).body.sessionId;
    expect((await api.call('DELETE', `/api/admin/users/${user.id}`, { session: admin })).status).toBe(200);
    expect((await api.call('GET', '/api/auth/me', { session: sessionId })).status).toBe(401);
    expect((await api.call('GET', '/api/auth/me', { session: second })).status).toBe(401);
    const [event] = await api.dataSource.query(`SELECT data FROM events WHERE stream_id = $1 AND type = 'user-deleted'`, [user.id]);
    expect(event.data.reason).toBe('deleted');
    expect(await api.call('DELETE', `/api/admin/users/${user.id}`, { session: admin })).toMatchObject({
      status: 404,
      body: { message: 'User not found.' },
    });
  });

  it('admins cannot be deleted, nobody deletes themself, unknown or malformed ids are 404', async () => {
    const me = (await api.call('GET', '/api/auth/me', { session: admin })).body.user;
    expect(await api.call('DELETE', `/api/admin/users/${me.id}`, { session: admin })).toMatchObject({
      status: 403,
      body: { message: 'You cannot delete your own account.' },
    });
    // A second admin (made directly through the store) still cannot delete the first.
    await api.dataSource.query(`UPDATE users SET is_admin = true WHERE username = 'bob'`);
    const bob = (await loginAs(api, 'bob', 'password-123')).body.sessionId;
    expect(await api.call('DELETE', `/api/admin/users/${me.id}`, { session: bob })).toMatchObject({
      status: 403,
      body: { message: 'Administrator accounts cannot be deleted.' },
    });
    await api.dataSource.query(`UPDATE users SET is_admin = false WHERE username = 'bob'`);
    expect(await api.call('DELETE', '/api/admin/users/00000000-0000-4000-8000-000000000000', { session: admin })).toMatchObject({ status: 404 });
    expect(await api.call('POST', '/api/admin/users/not-a-uuid/approve', { session: admin })).toMatchObject({
      status: 404,
      body: { message: 'User not found.' },
    });
    expect(await api.call('DELETE', '/api/admin/users/1%27%20or%201=1', { session: admin })).toMatchObject({ status: 404 });
  });

  it('bad input gives readable 400s, never 500', async () => {
    const reg = (body: unknown) => api.call('POST', '/api/auth/register', { body });
    expect(await reg({ username: 'henry', password: 'short' })).toMatchObject({
      status: 400,
      body: { message: 'Password must be at least 10 characters.' },
    });
    expect(await reg({ username: '', password: 'password-123' })).toMatchObject({ status: 400, body: { message: 'Username is required.' } });
    expect(await reg({})).toMatchObject({ status: 400, body: { message: 'Username is required.; Password is required.' } });
    expect(await reg({ username: 'ab', password: 'password-123' })).toMatchObject({
      status: 400,
      body: { message: 'Username must be 3 to 32 characters long.' },
    });
    expect(await reg({ username: 'a b c', password: 'password-123' })).toMatchObject({
      status: 400,
      body: { message: 'Username may only contain letters, digits, dots, underscores and hyphens.' },
    });
    expect(await reg({ username: 'henry', password: 'x'.repeat(201) })).toMatchObject({
      status: 400,
      body: { message: 'Password must be at most 200 characters.' },
    });
    expect(await reg({ username: 'henry', password: 'password-123', isAdmin: true })).toMatchObject({
      status: 400,
      body: { message: 'property isAdmin should not exist' },
    });
    expect(await reg('{"username": "henry",')).toMatchObject({
      status: 400,
      body: { statusCode: 400, message: 'The request body is not valid JSON.' },
    });
    expect(await api.call('POST', '/api/auth/login', { body: { username: 'henry' } })).toMatchObject({
      status: 400,
      body: { message: 'Password is required.' },
    });
    expect(await api.call('POST', '/api/auth/login', { body: { username: ['a'], password: 1 } })).toMatchObject({ status: 400 });
  });

  it('a projection rebuild gives the identical users table and keeps sessions', async () => {
    const dump = () => api.dataSource.query('SELECT * FROM users ORDER BY id');
    const before = await dump();
    const sessions = await api.dataSource.query('SELECT count(*)::int AS n FROM sessions');
    expect(before.length).toBeGreaterThanOrEqual(8);
    const result = await api.app.get(EventStore).rebuild();
    expect(result.projections).toContain('users');
    expect(await dump()).toEqual(before);
    expect(await api.dataSource.query('SELECT count(*)::int AS n FROM sessions')).toEqual(sessions);
    expect((await api.call('GET', '/api/auth/me', { session: admin })).status).toBe(200);
  });

  it('passwords and session ids never reach the database or the logs; only hashes do', async () => {
    const password = 'Unique-Secret-Password-42';
    const { sessionId } = await registerUser(api, 'ivan', password);
    const login = (await loginAs(api, 'ivan', password)).body.sessionId;
    const dbName = new URL(api.db.url).pathname.slice(1);
    const dump = execFileSync('pg_dump', ['-h', '127.0.0.1', '-U', 'postgres', dbName], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    expect(dump).toContain('ivan');
    expect(dump).toContain(hashSessionToken(sessionId));
    expect(dump).toMatch(/\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    for (const secret of [password, sessionId, login, 'admin-password-1']) expect(dump).not.toContain(secret);
    const logs = logged.join('');
    expect(logs).toContain('"path":"/api/auth/login"');
    for (const secret of [password, sessionId, login, 'admin-password-1']) expect(logs).not.toContain(secret);
  });

  it('ensureAdmin leaves an existing admin alone', async () => {
    const { ensureAdmin } = await import('@app/identity');
    const again = await ensureAdmin(api.config, api.dataSource, api.app.get(EventStore), createLogger('test', 'error'));
    expect(again).toEqual({ created: false });
    expect(await api.dataSource.query(`SELECT count(*)::int AS n FROM users WHERE is_admin`)).toEqual([{ n: 1 }]);
  });
});

describe('first admin and rate limits', () => {
  it('without ADMIN_PASSWORD a password is generated, printed once, and works', async () => {
    const printed: string[] = [];
    const realWrite = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string) => (printed.push(String(chunk)), true)) as typeof process.stdout.write;
    let api: TestApi | undefined;
    try {
      api = await startTestApi({ ADMIN_USERNAME: 'root', ADMIN_PASSWORD: '' });
    } finally {
      process.stdout.write = realWrite;
    }
    try {
      const lines = printed
        .join('')
        .split('\n')
        .filter((l) => l.includes('Admin password (shown once): '));
      expect(lines).toHaveLength(1);
      const password = lines[0].split('Admin password (shown once): ')[1].trim();
      expect(password.length).toBeGreaterThanOrEqual(24);
      expect(await loginAs(api!, 'root', password)).toMatchObject({
        status: 200,
        body: { user: { username: 'root', isAdmin: true, isApproved: true } },
      });
    } finally {
      await api?.close();
    }
  });

  it('login attempts are limited per IP and username across two api instances sharing Redis: 429 on the 11th', async () => {
    const one = await startTestApi();
    const two = await startTestApi({ REDIS_PREFIX: one.config.redisPrefix });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push((await loginAs(i % 2 ? one : two, 'admin', 'wrong-password')).status);
      expect(statuses).toEqual(Array(10).fill(401));
      for (const api of [one, two]) {
        expect(await loginAs(api, 'admin', 'admin-password-1')).toMatchObject({
          status: 429,
          body: { statusCode: 429, message: 'Too many attempts. Please wait a minute and try again.' },
        });
      }
      // Another username from the same IP is not locked out by this one.
      expect((await loginAs(one, 'someone-else', 'whatever-password')).status).toBe(401);
    } finally {
      await two.close();
      await one.close();
    }
  });

  it('sign-ups are limited per IP: 429 after 10 in a minute', async () => {
    const api = await startTestApi();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        statuses.push((await api.call('POST', '/api/auth/register', { body: { username: `user${i}`, password: 'password-123' } })).status);
      }
      expect(statuses).toEqual([...Array(10).fill(201), 429]);
    } finally {
      await api.close();
    }
  });
});
