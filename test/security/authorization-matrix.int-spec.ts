import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { newSessionToken } from '@app/identity';
import { ADMIN_CREDENTIALS, adminSession, approvedUser, registerUser } from '../helpers/auth.js';
import { fillPath, readRouteTable, routeKey, type ApiRoute } from '../helpers/route-table.js';
import { startTestApi, type TestApi } from '../helpers/test-api.js';

/**
 * Who may call what. EVERY route the running api registers (under /api and beside it) must be listed here: a route missing from
 * this table fails the suite by name, so a new route cannot ship without deciding (and proving) its guard.
 *   public   – no session needed
 *   session  – any signed-in user, even one still awaiting approval (/api/auth/*)
 *   approved – signed-in and approved
 *   admin    – administrators only
 */
type Access = 'public' | 'session' | 'approved' | 'admin';
const POLICY: Record<string, Access> = {
  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'public',
  'GET /api/auth/me': 'session',

  'GET /api/health/live': 'public',
  'GET /api/health/ready': 'public',
  'GET /api/health': 'approved',

  // OpenAPI documentation (Swagger UI and its documents): public by design, no data behind it.
  'GET /api/docs': 'public',
  'GET /api/docs/': 'public',
  'GET /api/docs-json': 'public',
  'GET /api/docs-yaml': 'public',
  'GET /api/docs/index.html': 'public',
  'GET /api/docs/LICENSE': 'public',
  'GET /api/docs/swagger-ui-init.js': 'public',
  'GET /api/docs/docs/swagger-ui-init.js': 'public',

  'GET /api/links': 'approved',
  'POST /api/links': 'approved',
  'PUT /api/links/:id': 'approved',
  'DELETE /api/links/:id': 'approved',
  'GET /api/links/:id/analytics': 'approved',
  // The web app's /s/{code} fallback resolves a short code without a session, as the redirector does.
  'GET /api/links/by-code/:code': 'public',

  'GET /api/domains': 'approved',
  'POST /api/domains': 'approved',
  'PUT /api/domains/:id': 'approved',
  'DELETE /api/domains/:id': 'approved',
  'POST /api/domains/:id/ssl/regenerate': 'approved',

  'GET /api/analytics/stats': 'approved',
  'GET /api/analytics/trends': 'approved',
  'GET /api/analytics/daily-summary': 'approved',
  'GET /api/analytics/performance': 'approved',
  'GET /api/analytics/geographic': 'approved',
  'GET /api/analytics/recent-ip-activity': 'approved',
  'GET /api/export/:format': 'approved',

  'GET /api/admin/users': 'admin',
  'GET /api/admin/users/pending': 'admin',
  'POST /api/admin/users/:id/approve': 'admin',
  'DELETE /api/admin/users/:id': 'admin',
  'GET /api/admin/ip-summary': 'admin',
  'POST /api/admin/recover': 'admin',
  'GET /api/admin/system': 'admin',
  'POST /api/admin/system/retry-failed': 'admin',
  'POST /api/admin/system/rebuild-projections': 'admin',
  'POST /api/admin/system/warm-cache': 'admin',

  // Prometheus scrape: open unless METRICS_TOKEN is set (counts by route pattern only, no user data).
  'GET /metrics': 'public',
};

type Role = 'anonymous' | 'unknown session' | 'pending' | 'approved A' | 'approved B' | 'admin';
const ROLES: Role[] = ['anonymous', 'unknown session', 'pending', 'approved A', 'approved B', 'admin'];
const SIGN_IN = 'Please sign in: your session is missing or has expired.';
const NOT_APPROVED = 'Your account is waiting for admin approval.';
const ADMINS_ONLY = 'Only administrators can do this.';

/** What a role must get from a route of the given access (null: anything but 401/403 — the handler ran). */
function expected(access: Access, role: Role): { status: number; message: string } | null {
  if (access === 'public') return null;
  if (role === 'anonymous' || role === 'unknown session') return { status: 401, message: SIGN_IN };
  if (access === 'session') return null;
  if (role === 'pending') return { status: 403, message: NOT_APPROVED };
  if (access === 'admin' && role !== 'admin') return { status: 403, message: ADMINS_ONLY };
  return null;
}

const PARAMS: Record<string, () => string> = { format: () => 'json', code: () => 'zz-missing' };
const pathFor = (route: ApiRoute) => fillPath(route.path, (name) => (PARAMS[name] ?? randomUUID)());

describe('authorization matrix: every api route × every kind of caller', () => {
  let api: TestApi;
  let routes: ApiRoute[];
  const users = {} as Record<Role, { username: string; password: string; sessionId: string | null }>;

  beforeAll(async () => {
    api = await startTestApi();
    routes = readRouteTable(api.app);
    const pending = await registerUser(api, 'matrix-pending', 'pending-pass-1');
    const a = await approvedUser(api, 'matrix-alice', 'alice-pass-1');
    const b = await approvedUser(api, 'matrix-bob', 'bob-pass-1');
    users.anonymous = { username: '', password: '', sessionId: null };
    users['unknown session'] = { username: '', password: '', sessionId: newSessionToken() };
    users.pending = { username: 'matrix-pending', password: 'pending-pass-1', sessionId: pending.sessionId };
    users['approved A'] = { username: 'matrix-alice', password: 'alice-pass-1', sessionId: a.sessionId };
    users['approved B'] = { username: 'matrix-bob', password: 'bob-pass-1', sessionId: b.sessionId };
    users.admin = { ...ADMIN_CREDENTIALS, sessionId: await adminSession(api) };
  });
  afterAll(async () => {
    await api?.close();
  });

  it('reads the route table from the running app', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.map(routeKey)).toEqual(expect.arrayContaining(['GET /api/links', 'POST /api/links', 'GET /api/admin/users', 'GET /api/auth/me']));
  });

  it('every route has a declared access policy (an undeclared route fails here by name)', () => {
    const undeclared = routes.map(routeKey).filter((key) => !(key in POLICY));
    expect(undeclared).toEqual([]);
  });

  it('the policy table names no route the api does not have (no stale entries hiding a rename)', () => {
    const live = new Set(routes.map(routeKey));
    expect(Object.keys(POLICY).filter((key) => !live.has(key))).toEqual([]);
  });

  it('each role gets exactly the access its policy gives, with the readable message, and never a 5xx', async () => {
    const failures: string[] = [];
    // Logout ends the session it is sent with: it goes last and uses a fresh session of its own.
    const ordered = [...routes].sort((x, y) => Number(x.path === '/api/auth/logout') - Number(y.path === '/api/auth/logout'));
    for (const route of ordered) {
      const access = POLICY[routeKey(route)];
      if (!access) continue; // reported by the test above
      for (const role of ROLES) {
        let session = users[role].sessionId;
        if (route.path === '/api/auth/logout' && users[role].username) {
          const login = await api.call('POST', '/api/auth/login', { body: { username: users[role].username, password: users[role].password } });
          session = login.body.sessionId;
        }
        const path = pathFor(route);
        const body = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH' ? {} : undefined;
        const res = await api.call(route.method, path, { session, body });
        const want = expected(access, role);
        const got = `${res.status} ${typeof res.body === 'object' ? JSON.stringify(res.body)?.slice(0, 160) : '(text)'}`;
        const where = `${route.method} ${path} as ${role} (${access})`;
        if (res.status >= 500) failures.push(`${where}: ${got}`);
        else if (want && (res.status !== want.status || res.body?.message !== want.message)) {
          failures.push(`${where}: expected ${want.status} '${want.message}', got ${got}`);
        } else if (!want && (res.status === 401 || res.status === 403)) failures.push(`${where}: expected access, got ${got}`);
        if (res.status >= 400 && !(res.body && typeof res.body === 'object' && res.body.statusCode === res.status && typeof res.body.message === 'string' && res.body.message.length > 0)) {
          failures.push(`${where}: error without {statusCode, message}: ${got}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The matrix did not log anybody out except through the logout route's own fresh sessions.
    for (const role of ['pending', 'approved A', 'approved B', 'admin'] as Role[]) {
      expect((await api.call('GET', '/api/auth/me', { session: users[role].sessionId })).status).toBe(200);
    }
  });

  describe("ownership: another user's link or domain does not exist for them", () => {
    let linkId: string;
    let domainId: string;
    const a = () => users['approved A'].sessionId;
    const b = () => users['approved B'].sessionId;

    beforeAll(async () => {
      const domain = await api.call('POST', '/api/domains', { session: a(), body: { domain: 'links.alice-owned.test' } });
      expect(domain.status).toBe(201);
      domainId = domain.body.id;
      const link = await api.call('POST', '/api/links', { session: a(), body: { name: 'Alice private', originalUrl: 'https://alice.example/secret', shortCode: 'alice-secret' } });
      expect(link.status).toBe(201);
      linkId = link.body.id;
    });

    it("B gets 404 on every call on A's link, and A's link is untouched", async () => {
      const notFound = [
        await api.call('GET', `/api/links/${linkId}/analytics?timezoneOffset=0`, { session: b() }),
        await api.call('PUT', `/api/links/${linkId}`, { session: b(), body: { name: 'hijacked', originalUrl: 'https://evil.example/' } }),
        await api.call('DELETE', `/api/links/${linkId}`, { session: b() }),
      ];
      for (const res of notFound) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ statusCode: 404, message: expect.any(String) });
        expect(res.body.message).not.toContain(linkId);
      }
      // Same answer as an id that never existed: nothing tells B the link is there.
      const ghost = await api.call('DELETE', `/api/links/${randomUUID()}`, { session: b() });
      expect(ghost.body).toEqual(notFound[2].body);
      expect((await api.call('GET', '/api/links', { session: b() })).body).toEqual([]);

      const mine = await api.call('GET', '/api/links', { session: a() });
      expect(mine.body).toHaveLength(1);
      expect(mine.body[0]).toMatchObject({ id: linkId, name: 'Alice private', originalUrl: 'https://alice.example/secret' });
      expect((await api.call('GET', `/api/links/${linkId}/analytics?timezoneOffset=0`, { session: a() })).status).toBe(200);
    });

    it("B gets 404 on A's domain (rename, delete, SSL regenerate) and does not see it", async () => {
      const before = await api.dataSource.query('SELECT domain, ssl_certificate FROM domains WHERE id = $1', [domainId]);
      for (const res of [
        await api.call('PUT', `/api/domains/${domainId}`, { session: b(), body: { domain: 'stolen.bob.test' } }),
        await api.call('DELETE', `/api/domains/${domainId}`, { session: b() }),
        await api.call('POST', `/api/domains/${domainId}/ssl/regenerate`, { session: b() }),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ statusCode: 404, message: expect.any(String) });
      }
      expect((await api.call('GET', '/api/domains', { session: b() })).body).toEqual([]);
      expect(await api.dataSource.query('SELECT domain, ssl_certificate FROM domains WHERE id = $1', [domainId])).toEqual(before);
      const mine = await api.call('GET', '/api/domains', { session: a() });
      expect(mine.body.map((d: { id: string }) => d.id)).toEqual([domainId]);
    });

    it("B cannot put a link on A's domain", async () => {
      const res = await api.call('POST', '/api/links', { session: b(), body: { originalUrl: 'https://bob.example/', domainId } });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(await api.dataSource.query('SELECT count(*)::int AS n FROM links WHERE domain_id = $1', [domainId])).toEqual([{ n: 0 }]);
    });

    it("the admin sees A's link with its owner and its analytics", async () => {
      const all = await api.call('GET', '/api/links', { session: users.admin.sessionId });
      expect(all.body.find((l: { id: string }) => l.id === linkId)).toMatchObject({ id: linkId, ownerUsername: 'matrix-alice' });
      expect((await api.call('GET', `/api/links/${linkId}/analytics?timezoneOffset=0`, { session: users.admin.sessionId })).status).toBe(200);
    });
  });

  describe('socket.io /live', () => {
    const sockets: Socket[] = [];
    const connect = (auth?: Record<string, unknown>, headers?: Record<string, string>) => {
      const socket = io(`${api.baseUrl}/live`, { transports: ['websocket'], reconnection: false, forceNew: true, auth, extraHeaders: headers });
      sockets.push(socket);
      return socket;
    };
    /** 'connected' once the namespace accepted it and kept it for 300 ms; otherwise why it was refused. */
    const outcome = (socket: Socket) =>
      new Promise<string>((resolve) => {
        socket.once('connect_error', (err) => resolve(`refused: ${err.message}`));
        socket.once('disconnect', (reason) => resolve(`disconnected: ${reason}`));
        socket.once('connect', () => setTimeout(() => resolve(socket.connected ? 'connected' : 'disconnected'), 300));
      });
    afterAll(() => {
      for (const s of sockets) s.disconnect();
    });

    it('refuses no session, a bad or unknown session and a pending user; admits approved users and the admin', async () => {
      expect(await outcome(connect())).toBe(`refused: ${SIGN_IN}`);
      expect(await outcome(connect({ sessionId: 'not a session' }))).toBe(`refused: ${SIGN_IN}`);
      expect(await outcome(connect({ sessionId: newSessionToken() }))).toBe(`refused: ${SIGN_IN}`);
      expect(await outcome(connect({ sessionId: { $ne: null } }))).toBe(`refused: ${SIGN_IN}`);
      expect(await outcome(connect(undefined, { authorization: `Bearer ${newSessionToken()}` }))).toBe(`refused: ${SIGN_IN}`);
      expect(await outcome(connect({ sessionId: users.pending.sessionId }))).toBe(`refused: ${NOT_APPROVED}`);
      expect(await outcome(connect(undefined, { authorization: `Bearer ${users.pending.sessionId}` }))).toBe(`refused: ${NOT_APPROVED}`);
      expect(await outcome(connect({ sessionId: users['approved A'].sessionId }))).toBe('connected');
      expect(await outcome(connect({ sessionId: users['approved B'].sessionId }))).toBe('connected');
      expect(await outcome(connect(undefined, { authorization: `Bearer ${users.admin.sessionId}` }))).toBe('connected');
    });

    it('an expired session is refused', async () => {
      const { sessionId } = await approvedUser(api, 'matrix-expired');
      await api.dataSource.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE username = 'matrix-expired')`);
      expect(await outcome(connect({ sessionId }))).toBe(`refused: ${SIGN_IN}`);
    });
  });
});
