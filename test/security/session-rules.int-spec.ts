import { io } from 'socket.io-client';
import { hashSessionToken } from '@app/identity';
import { adminSession, approvedUser, registerUser } from '../helpers/auth.js';
import { startTestApi, type TestApi } from '../helpers/test-api.js';

/**
 * Session lifetime rules the identity suite does not already prove (it covers logout, reject/delete killing every
 * session, and secrets in the login logs): expiry, sliding renewal, and that no request of any outcome — nor a
 * socket handshake — ever writes a session id to the logs.
 */
const SIGN_IN = { statusCode: 401, message: 'Please sign in: your session is missing or has expired.' };
const DAY_MS = 24 * 3600 * 1000;

describe('session rules', () => {
  let api: TestApi;
  const logged: string[] = [];
  const realWrite = process.stdout.write.bind(process.stdout);
  const realErr = process.stderr.write.bind(process.stderr);
  const expiresAt = async (sessionId: string): Promise<number> => {
    const [row] = await api.dataSource.query('SELECT expires_at FROM sessions WHERE token_hash = $1', [hashSessionToken(sessionId)]);
    return new Date(row.expires_at).getTime();
  };
  const setExpiry = (sessionId: string, sql: string) =>
    api.dataSource.query(`UPDATE sessions SET expires_at = ${sql} WHERE token_hash = $1`, [hashSessionToken(sessionId)]);

  beforeAll(async () => {
    // Every line the api writes, at debug level, is kept to be searched for session ids.
    const capture = (chunk: string | Uint8Array) => {
      logged.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString());
      return true;
    };
    process.stdout.write = capture as typeof process.stdout.write;
    process.stderr.write = capture as typeof process.stderr.write;
    api = await startTestApi({ LOG_LEVEL: 'debug', SESSION_TTL_DAYS: '30' });
  });
  afterAll(async () => {
    process.stdout.write = realWrite;
    process.stderr.write = realErr;
    await api?.close();
  });

  it('an expired session is refused with 401 everywhere, and using it does not revive it', async () => {
    const { sessionId } = await approvedUser(api, 'sess-expired');
    expect((await api.call('GET', '/api/links', { session: sessionId })).status).toBe(200);
    await setExpiry(sessionId, "now() - interval '1 second'");
    for (const [method, path] of [
      ['GET', '/api/auth/me'],
      ['GET', '/api/links'],
      ['POST', '/api/links'],
      ['GET', '/api/analytics/stats'],
    ]) {
      const res = await api.call(method, path, { session: sessionId, body: method === 'POST' ? { originalUrl: 'https://example.org/' } : undefined });
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 401, body: SIGN_IN });
    }
    expect(await expiresAt(sessionId)).toBeLessThan(Date.now());
    expect(await api.dataSource.query('SELECT count(*)::int AS n FROM links')).toEqual([{ n: 0 }]);
  });

  it('a session one second from expiry still works, and each use slides it to a full TTL again', async () => {
    const { sessionId } = await approvedUser(api, 'sess-sliding');
    await setExpiry(sessionId, "now() + interval '2 seconds'");
    const before = await expiresAt(sessionId);
    expect(before - Date.now()).toBeLessThan(3000);
    expect((await api.call('GET', '/api/auth/me', { session: sessionId })).status).toBe(200);
    const after = await expiresAt(sessionId);
    expect(Math.abs(after - (Date.now() + 30 * DAY_MS))).toBeLessThan(60_000);
    // Also for a pending user's session on /api/auth/me, and for a 403 the session itself was fine for.
    const pending = await registerUser(api, 'sess-pending');
    await setExpiry(pending.sessionId, "now() + interval '1 hour'");
    expect((await api.call('GET', '/api/links', { session: pending.sessionId })).status).toBe(403);
    expect(await expiresAt(pending.sessionId)).toBeGreaterThan(Date.now() + 29 * DAY_MS);
  });

  it('sliding one session does not extend the same user’s other sessions', async () => {
    const { sessionId } = await approvedUser(api, 'sess-two', 'sess-two-pass');
    const second = (await api.call('POST', '/api/auth/login', { body: { username: 'sess-two', password: 'sess-two-pass' } })).body.sessionId;
    await setExpiry(second, "now() + interval '1 hour'");
    expect((await api.call('GET', '/api/auth/me', { session: sessionId })).status).toBe(200);
    expect(await expiresAt(second)).toBeLessThan(Date.now() + 2 * 3600 * 1000);
  });

  it('no session id reaches the logs, whatever the outcome of the request or socket handshake', async () => {
    const admin = await adminSession(api);
    const user = await approvedUser(api, 'sess-logs');
    const pending = await registerUser(api, 'sess-logs-pending');
    const expired = (await approvedUser(api, 'sess-logs-expired')).sessionId;
    await setExpiry(expired, "now() - interval '1 second'");
    const bogus = 'A'.repeat(43);
    for (const session of [admin, user.sessionId, pending.sessionId, expired, bogus]) {
      await api.call('GET', '/api/auth/me', { session });
      await api.call('GET', '/api/links?timezoneOffset=abc', { session });
      await api.call('GET', '/api/admin/users', { session });
      await api.call('PUT', '/api/links/00000000-0000-4000-8000-000000000000', { session, body: { name: 'x', originalUrl: 'https://example.org/' } });
      await api.call('POST', '/api/links', { session, body: '{"broken": ' });
      await api.call('POST', '/api/links', { session, body: JSON.stringify({ name: 'n'.repeat(200_000) }) });
      await new Promise<void>((resolve) => {
        const socket = io(`${api.baseUrl}/live`, { transports: ['websocket'], reconnection: false, forceNew: true, auth: { sessionId: session } });
        const done = () => {
          socket.disconnect();
          resolve();
        };
        socket.once('connect', done);
        socket.once('connect_error', done);
      });
    }
    const logout = (await api.call('POST', '/api/auth/login', { body: { username: 'sess-logs', password: 'password-123' } })).body.sessionId;
    await api.call('POST', '/api/auth/logout', { session: logout });
    await new Promise((r) => setTimeout(r, 100));

    const text = logged.join('');
    expect(text).toContain('"path":"/api/auth/me"'); // the capture works: request lines are there
    expect(text).toContain('"status":401');
    const leaks = [admin, user.sessionId, pending.sessionId, expired, bogus, logout].filter((s) => text.includes(s));
    expect(leaks).toEqual([]);
    expect(text).not.toMatch(/Bearer\s+[A-Za-z0-9_-]{16,}/);
  });
});
