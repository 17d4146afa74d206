import { accountSuite } from '../helpers/account-suite.js';
import { approvedUser } from '../helpers/auth.js';
import { fillPath, readRouteTable, routeKey } from '../helpers/route-table.js';
import type { TestApi } from '../helpers/test-api.js';
import { BROWSER_UA } from '../helpers/user-agents.js';

const FIREFOX_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SIGN_IN = 'Please sign in: your session is missing or has expired.';
const MUST_CHANGE = 'Your password was reset by an administrator: please choose a new password first.';

describe('account: password change, sessions, admin reset (real Postgres + Redis + socket.io)', () => {
  let api: TestApi;
  let admin: string;
  const { liveSocket } = accountSuite((started, adminSessionId) => ((api = started), (admin = adminSessionId)));

  const login = (username: string, password: string, userAgent = BROWSER_UA) =>
    api.call('POST', '/api/auth/login', { body: { username, password }, headers: { 'user-agent': userAgent } });

  it('a password change ends every other session at once (401, socket closed) and keeps the one that made it', async () => {
    await approvedUser(api, 'pw-alice', 'alice-password-1');
    const a = (await login('pw-alice', 'alice-password-1')).body.sessionId;
    const b = (await login('pw-alice', 'alice-password-1', FIREFOX_UA)).body.sessionId;
    const bLive = await liveSocket(b);

    const changed = await api.call('POST', '/api/auth/password', {
      session: a,
      body: { currentPassword: 'alice-password-1', newPassword: 'alice-password-2' },
    });
    expect(changed).toMatchObject({ status: 200, body: { user: { username: 'pw-alice', mustChangePassword: false } } });
    expect(await bLive.closed).toBe('io server disconnect');
    expect(await api.call('GET', '/api/auth/me', { session: b })).toMatchObject({ status: 401, body: { message: SIGN_IN } });
    expect((await api.call('GET', '/api/auth/me', { session: a })).status).toBe(200);
    expect((await login('pw-alice', 'alice-password-1')).status).toBe(401);
    expect((await login('pw-alice', 'alice-password-2')).status).toBe(200);
  });

  it('a password change refuses a wrong current password, a short or common new one, naming the field', async () => {
    const { sessionId } = await approvedUser(api, 'pw-bob', 'bob-password-1');
    const change = (body: unknown) => api.call('POST', '/api/auth/password', { session: sessionId, body });
    expect(await change({ currentPassword: 'wrong-password-1', newPassword: 'bob-password-2' })).toMatchObject({
      status: 400,
      body: { statusCode: 400, message: 'currentPassword: the current password is not correct.' },
    });
    expect(await change({ currentPassword: 'bob-password-1', newPassword: 'short' })).toMatchObject({
      status: 400,
      body: { message: 'newPassword: Password must be at least 10 characters.' },
    });
    expect(await change({ currentPassword: 'bob-password-1', newPassword: 'password123' })).toMatchObject({
      status: 400,
      body: { message: 'This password is one of the most common passwords; please choose another.' },
    });
    expect(await change({ currentPassword: 'bob-password-1' })).toMatchObject({
      status: 400,
      body: { message: 'newPassword: please choose a new password.' },
    });
    expect(await change({ currentPassword: 'bob-password-1', newPassword: 'bob-password-1' })).toMatchObject({
      status: 400,
      body: { message: 'newPassword: the new password must differ from the current one.' },
    });
    // Nothing changed: the old password still signs in.
    expect((await login('pw-bob', 'bob-password-1')).status).toBe(200);
  });

  it('lists sessions with device, address, last use and which is current; ending one gives it 401 and closes its socket', async () => {
    await approvedUser(api, 'sess-carol', 'carol-password-1');
    const chrome = (await login('sess-carol', 'carol-password-1')).body.sessionId;
    const firefox = (await login('sess-carol', 'carol-password-1', FIREFOX_UA)).body.sessionId;
    const list = await api.call('GET', '/api/auth/sessions', { session: chrome });
    expect(list.status).toBe(200);
    // The registration's session, then the two sign-ins.
    expect(list.body).toHaveLength(3);
    const byDevice = Object.fromEntries(list.body.map((s: { device: string }) => [s.device, s]));
    expect(byDevice['Chrome on Linux']).toMatchObject({ current: true, ip: expect.stringContaining('127.0.0.1'), userAgent: BROWSER_UA });
    expect(byDevice['Firefox on Windows']).toMatchObject({ current: false, userAgent: FIREFOX_UA });
    expect(Object.keys(byDevice['Firefox on Windows']).sort()).toEqual(['createdAt', 'current', 'device', 'id', 'ip', 'lastUsedAt', 'userAgent']);
    expect(JSON.stringify(list.body)).not.toContain(firefox);

    const live = await liveSocket(firefox);
    const end = await api.call('DELETE', `/api/auth/sessions/${byDevice['Firefox on Windows'].id}`, { session: chrome });
    expect(end).toMatchObject({ status: 200, body: {} });
    expect(await live.closed).toBe('io server disconnect');
    expect(await api.call('GET', '/api/links', { session: firefox })).toMatchObject({ status: 401, body: { message: SIGN_IN } });
    expect((await api.call('GET', '/api/links', { session: chrome })).status).toBe(200);
    expect((await api.call('GET', '/api/auth/sessions', { session: chrome })).body).toHaveLength(2);
    // Again, or another user's session, or not an id: 404.
    expect(await api.call('DELETE', `/api/auth/sessions/${byDevice['Firefox on Windows'].id}`, { session: chrome })).toMatchObject({
      status: 404,
      body: { message: 'Session not found.' },
    });
    const adminSessions = await api.call('GET', '/api/auth/sessions', { session: admin });
    expect((await api.call('DELETE', `/api/auth/sessions/${adminSessions.body[0].id}`, { session: chrome })).status).toBe(404);
    expect((await api.call('DELETE', '/api/auth/sessions/not-a-uuid', { session: chrome })).status).toBe(404);
    expect((await api.call('GET', '/api/auth/me', { session: admin })).status).toBe(200);
  });

  it('admin reset: a temporary password, sessions ended, then 403 on every route but the password change until it is changed', async () => {
    const { user, sessionId: old } = await approvedUser(api, 'reset-dave', 'dave-password-1');
    const oldLive = await liveSocket(old);
    const reset = await api.call('POST', `/api/admin/users/${user.id}/reset-password`, { session: admin });
    expect(reset.status).toBe(200);
    expect(Object.keys(reset.body)).toEqual(['temporaryPassword']);
    const temporary: string = reset.body.temporaryPassword;
    expect(temporary.length).toBeGreaterThanOrEqual(10);
    expect(await oldLive.closed).toBe('io server disconnect');
    expect((await api.call('GET', '/api/auth/me', { session: old })).status).toBe(401);
    expect((await login('reset-dave', 'dave-password-1')).status).toBe(401);

    const signedIn = await login('reset-dave', temporary);
    expect(signedIn).toMatchObject({ status: 200, body: { user: { mustChangePassword: true } } });
    const session = signedIn.body.sessionId;
    expect(await api.call('GET', '/api/auth/me', { session })).toMatchObject({ status: 200, body: { user: { mustChangePassword: true } } });

    // Every route of the running api that needs a session answers 403 with the reason, except the password change and "me".
    const open = new Set(['POST /api/auth/password', 'GET /api/auth/me']);
    const publicRoutes =
      /^(GET \/api\/docs|GET \/metrics|GET \/api\/health\/(live|ready)|POST \/api\/auth\/(login|register|logout|login\/2fa)$|GET \/api\/auth\/(options|oidc)|POST \/api\/auth\/oidc|GET \/api\/links\/by-code|GET \/api\/public\/)/;
    const guarded = readRouteTable(api.app).filter((r) => !open.has(routeKey(r)) && !publicRoutes.test(routeKey(r)));
    expect(guarded.length).toBeGreaterThan(40);
    for (const route of guarded) {
      const res = await api.call(
        route.method,
        fillPath(route.path, () => user.id),
        { session, body: route.method === 'GET' ? undefined : {} },
      );
      expect({ route: routeKey(route), status: res.status, message: res.body?.message }).toEqual({
        route: routeKey(route),
        status: 403,
        message: MUST_CHANGE,
      });
    }

    const changed = await api.call('POST', '/api/auth/password', { session, body: { currentPassword: temporary, newPassword: 'dave-password-2' } });
    expect(changed).toMatchObject({ status: 200, body: { user: { mustChangePassword: false } } });
    expect((await api.call('GET', '/api/links', { session })).status).toBe(200);
  });

  it('admin reset: only admins, not oneself, 404 for an unknown user; the event holds no temporary password', async () => {
    const { user, sessionId } = await approvedUser(api, 'reset-erin', 'erin-password-1');
    expect(await api.call('POST', `/api/admin/users/${user.id}/reset-password`, { session: sessionId })).toMatchObject({
      status: 403,
      body: { message: 'Only administrators can do this.' },
    });
    const me = await api.call('GET', '/api/auth/me', { session: admin });
    expect(await api.call('POST', `/api/admin/users/${me.body.user.id}/reset-password`, { session: admin })).toMatchObject({
      status: 403,
      body: { message: 'You cannot reset your own password here; change it on your Account screen.' },
    });
    expect((await api.call('POST', '/api/admin/users/00000000-0000-4000-8000-000000000000/reset-password', { session: admin })).status).toBe(404);
    const reset = await api.call('POST', `/api/admin/users/${user.id}/reset-password`, { session: admin });
    const events = await api.dataSource.query<{ type: string; data: unknown }[]>('SELECT type, data FROM events WHERE stream_id = $1', [user.id]);
    expect(events.map((e) => e.type)).toEqual(['user-registered', 'user-approved', 'user-password-reset']);
    expect(JSON.stringify(events)).not.toContain(reset.body.temporaryPassword);
  });
});
