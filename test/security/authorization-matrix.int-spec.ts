import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { API_KEY_SCOPES, type ApiKeyScope } from '@app/contracts';
import { newApiKey, newSessionToken } from '@app/identity';
import { ADMIN_CREDENTIALS, adminSession, approvedUser, registerUser } from '../helpers/auth.js';
import { addVerifiedDomain } from '../helpers/domains.js';
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
  // docs/product.md#accounts: login options, the two-factor second step, the Account screen, single sign-on.
  'GET /api/auth/options': 'public',
  'POST /api/auth/login/2fa': 'public',
  'POST /api/auth/password': 'session',
  'GET /api/auth/sessions': 'session',
  'DELETE /api/auth/sessions/:id': 'session',
  'DELETE /api/auth/account': 'session',
  'POST /api/auth/2fa/setup': 'session',
  'POST /api/auth/2fa/enable': 'session',
  'POST /api/auth/2fa/disable': 'session',
  'GET /api/auth/oidc/login': 'public',
  'GET /api/auth/oidc/callback': 'public',
  'POST /api/auth/oidc/session': 'public',

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
  'GET /api/links/:id': 'approved',
  'GET /api/links/:id/qr': 'approved',
  'POST /api/links/bulk': 'approved',
  'POST /api/links/bulk-actions': 'approved',
  'GET /api/links/bulk-actions/:id': 'approved',
  'GET /api/tags': 'approved',
  // The web app's /s/{code} fallback resolves a short code without a session, as the redirector does.
  'GET /api/links/by-code/:code': 'public',

  'GET /api/domains': 'approved',
  'POST /api/domains': 'approved',
  'PUT /api/domains/:id': 'approved',
  'DELETE /api/domains/:id': 'approved',
  'POST /api/domains/:id/ssl/regenerate': 'approved',
  'POST /api/domains/:id/verify': 'approved',

  'GET /api/analytics/stats': 'approved',
  'GET /api/analytics/trends': 'approved',
  'GET /api/analytics/daily-summary': 'approved',
  'GET /api/analytics/performance': 'approved',
  'GET /api/analytics/geographic': 'approved',
  'GET /api/analytics/breakdown': 'approved',
  'GET /api/analytics/recent-ip-activity': 'approved',
  'GET /api/export/:format': 'approved',

  'GET /api/admin/users': 'admin',
  'GET /api/admin/users/pending': 'admin',
  'POST /api/admin/users/:id/approve': 'admin',
  'DELETE /api/admin/users/:id': 'admin',
  'POST /api/admin/users/:id/reset-password': 'admin',
  'GET /api/admin/ip-summary': 'admin',
  'POST /api/admin/recover': 'admin',
  'GET /api/admin/system': 'admin',
  'POST /api/admin/system/retry-failed': 'admin',
  'POST /api/admin/system/rebuild-projections': 'admin',
  'POST /api/admin/system/warm-cache': 'admin',

  // docs/product.md#api-keys, docs/product.md#webhooks, docs/product.md#imports-and-exports: API keys, webhooks, imports, exports.
  'POST /api/api-keys': 'approved',
  'GET /api/api-keys': 'approved',
  'DELETE /api/api-keys/:id': 'approved',
  'POST /api/webhooks': 'approved',
  'GET /api/webhooks': 'approved',
  'DELETE /api/webhooks/:id': 'approved',
  'GET /api/webhooks/:id/deliveries': 'approved',
  'POST /api/webhooks/:id/resume': 'approved',
  'POST /api/imports': 'approved',
  'GET /api/imports/:id': 'approved',
  'GET /api/links/export': 'approved',
  'GET /api/links/:id/clicks': 'approved',

  // Issue 31: workspaces, members, invitations, activity (their roles: WORKSPACE_ROLE below).
  'GET /api/workspaces': 'approved',
  'POST /api/workspaces': 'approved',
  'GET /api/workspaces/:id': 'approved',
  'PUT /api/workspaces/:id': 'approved',
  'DELETE /api/workspaces/:id': 'approved',
  'GET /api/workspaces/:id/members': 'approved',
  'PUT /api/workspaces/:id/members/:userId': 'approved',
  'DELETE /api/workspaces/:id/members/:userId': 'approved',
  'POST /api/workspaces/:id/invitations': 'approved',
  'GET /api/workspaces/:id/invitations': 'approved',
  'DELETE /api/workspaces/:id/invitations/:invitationId': 'approved',
  'GET /api/workspaces/:id/activity': 'approved',
  'POST /api/invitations/:token/accept': 'approved',

  // docs/product.md "Shared stats": a workspace's shares; the public page's data needs no account (its token is the key).
  'POST /api/shares': 'approved',
  'GET /api/shares': 'approved',
  'DELETE /api/shares/:id': 'approved',
  'GET /api/public/shares/:token/analytics': 'public',

  // Prometheus scrape: open unless METRICS_TOKEN is set (counts by route pattern only, no user data).
  'GET /metrics': 'public',
};

/**
 * Which API-key scope opens each non-public route (docs/product.md#api-keys); null: no key ever (admin routes, key management,
 * webhooks, auth). A route missing here fails the key matrix by name.
 */
const KEY_SCOPE: Record<string, ApiKeyScope | null> = {
  'GET /api/auth/me': null,
  'POST /api/auth/logout': null,
  'POST /api/auth/password': null,
  'GET /api/auth/sessions': null,
  'DELETE /api/auth/sessions/:id': null,
  'DELETE /api/auth/account': null,
  'POST /api/auth/2fa/setup': null,
  'POST /api/auth/2fa/enable': null,
  'POST /api/auth/2fa/disable': null,
  'GET /api/health': null,
  'GET /api/links': 'links:read',
  'POST /api/links': 'links:write',
  'PUT /api/links/:id': 'links:write',
  'DELETE /api/links/:id': 'links:write',
  'GET /api/links/export': 'links:read',
  'GET /api/links/:id': 'links:read',
  'GET /api/links/:id/qr': 'links:read',
  'POST /api/links/bulk': 'links:write',
  'POST /api/links/bulk-actions': 'links:write',
  'GET /api/links/bulk-actions/:id': 'links:read',
  'GET /api/tags': 'links:read',
  'GET /api/links/:id/analytics': 'analytics:read',
  'GET /api/links/:id/clicks': 'analytics:read',
  'GET /api/domains': 'domains:read',
  'POST /api/domains': 'domains:write',
  'PUT /api/domains/:id': 'domains:write',
  'DELETE /api/domains/:id': 'domains:write',
  'POST /api/domains/:id/ssl/regenerate': 'domains:write',
  'POST /api/domains/:id/verify': 'domains:write',
  'GET /api/analytics/stats': 'analytics:read',
  'GET /api/analytics/trends': 'analytics:read',
  'GET /api/analytics/daily-summary': 'analytics:read',
  'GET /api/analytics/performance': 'analytics:read',
  'GET /api/analytics/geographic': 'analytics:read',
  'GET /api/analytics/breakdown': 'analytics:read',
  'GET /api/analytics/recent-ip-activity': 'analytics:read',
  'GET /api/export/:format': 'analytics:read',
  'POST /api/imports': 'links:write',
  'GET /api/imports/:id': 'links:read',
  'POST /api/api-keys': null,
  'GET /api/api-keys': null,
  'DELETE /api/api-keys/:id': null,
  'POST /api/webhooks': null,
  'GET /api/webhooks': null,
  'DELETE /api/webhooks/:id': null,
  'GET /api/webhooks/:id/deliveries': null,
  'POST /api/webhooks/:id/resume': null,
  'GET /api/workspaces': null,
  'POST /api/workspaces': null,
  'GET /api/workspaces/:id': null,
  'PUT /api/workspaces/:id': null,
  'DELETE /api/workspaces/:id': null,
  'GET /api/workspaces/:id/members': null,
  'PUT /api/workspaces/:id/members/:userId': null,
  'DELETE /api/workspaces/:id/members/:userId': null,
  'POST /api/workspaces/:id/invitations': null,
  'GET /api/workspaces/:id/invitations': null,
  'DELETE /api/workspaces/:id/invitations/:invitationId': null,
  'GET /api/workspaces/:id/activity': null,
  'POST /api/invitations/:token/accept': null,
  'POST /api/shares': null,
  'GET /api/shares': null,
  'DELETE /api/shares/:id': null,
};

/**
 * The workspace role each workspace-scoped route needs (docs/architecture.md "Workspaces"); null: not scoped to a
 * workspace. A non-public, non-admin route missing here fails by name. Removing ANOTHER member is the owner's (a member
 * may remove only themself), so that route is listed as owner: the matrix removes a random member id.
 */
type WsRole = 'owner' | 'editor' | 'viewer';
const WORKSPACE_ROLE: Record<string, WsRole | null> = {
  'GET /api/auth/me': null,
  'POST /api/auth/logout': null,
  'POST /api/auth/2fa/disable': null,
  'POST /api/auth/2fa/enable': null,
  'POST /api/auth/2fa/setup': null,
  'POST /api/auth/password': null,
  'GET /api/auth/sessions': null,
  'DELETE /api/auth/sessions/:id': null,
  'DELETE /api/auth/account': null,
  'GET /api/health': null,
  'GET /api/workspaces': null,
  'POST /api/workspaces': null,
  'POST /api/invitations/:token/accept': null,
  'GET /api/links': 'viewer',
  'POST /api/links': 'editor',
  'PUT /api/links/:id': 'editor',
  'DELETE /api/links/:id': 'editor',
  'GET /api/links/export': 'viewer',
  'GET /api/links/:id': 'viewer',
  'GET /api/links/:id/qr': 'viewer',
  'POST /api/links/bulk': 'editor',
  'POST /api/links/bulk-actions': 'editor',
  'GET /api/links/bulk-actions/:id': 'viewer',
  'GET /api/tags': 'viewer',
  'GET /api/links/:id/analytics': 'viewer',
  'GET /api/links/:id/clicks': 'viewer',
  'GET /api/domains': 'viewer',
  'POST /api/domains': 'editor',
  'PUT /api/domains/:id': 'editor',
  'DELETE /api/domains/:id': 'editor',
  'POST /api/domains/:id/ssl/regenerate': 'editor',
  'POST /api/domains/:id/verify': 'editor',
  'GET /api/analytics/stats': 'viewer',
  'GET /api/analytics/trends': 'viewer',
  'GET /api/analytics/daily-summary': 'viewer',
  'GET /api/analytics/performance': 'viewer',
  'GET /api/analytics/geographic': 'viewer',
  'GET /api/analytics/recent-ip-activity': 'viewer',
  'GET /api/analytics/breakdown': 'viewer',
  'GET /api/export/:format': 'viewer',
  'POST /api/imports': 'editor',
  'GET /api/imports/:id': 'viewer',
  'POST /api/api-keys': 'editor',
  'GET /api/api-keys': 'editor',
  'DELETE /api/api-keys/:id': 'editor',
  'POST /api/webhooks': 'editor',
  'GET /api/webhooks': 'editor',
  'DELETE /api/webhooks/:id': 'editor',
  'GET /api/webhooks/:id/deliveries': 'editor',
  'POST /api/webhooks/:id/resume': 'editor',
  'GET /api/workspaces/:id': 'viewer',
  'PUT /api/workspaces/:id': 'owner',
  'DELETE /api/workspaces/:id': 'owner',
  'GET /api/workspaces/:id/members': 'viewer',
  'PUT /api/workspaces/:id/members/:userId': 'owner',
  'DELETE /api/workspaces/:id/members/:userId': 'owner',
  'POST /api/workspaces/:id/invitations': 'owner',
  'GET /api/workspaces/:id/invitations': 'owner',
  'DELETE /api/workspaces/:id/invitations/:invitationId': 'owner',
  'GET /api/workspaces/:id/activity': 'viewer',
  'POST /api/shares': 'editor',
  'GET /api/shares': 'viewer',
  'DELETE /api/shares/:id': 'editor',
};
const WS_NOT_FOUND = 'Workspace not found.';
const roleNeeded = (role: WsRole) => `This needs the ${role} role in this workspace${role === 'owner' ? '' : ' (or higher)'}.`;
const KEY_INVALID = 'This API key is not valid: it is unknown, revoked or expired, or its owner can no longer sign in.';
const KEY_NOT_HERE = 'API keys cannot be used on this route; sign in instead.';
const missingScope = (scope: string) => `This API key lacks the scope "${scope}" this route needs.`;

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
        if (
          res.status >= 400 &&
          !(
            res.body &&
            typeof res.body === 'object' &&
            res.body.statusCode === res.status &&
            typeof res.body.message === 'string' &&
            res.body.message.length > 0
          )
        ) {
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
      domainId = (await addVerifiedDomain(api, a()!, 'links.alice-owned.test')).id;
      const link = await api.call('POST', '/api/links', {
        session: a(),
        body: { name: 'Alice private', originalUrl: 'https://alice.example/secret', shortCode: 'alice-secret', tags: ['alice-tag'] },
      });
      expect(link.status).toBe(201);
      linkId = link.body.id;
    });

    it("B gets 404 on every call on A's link, and A's link is untouched", async () => {
      const notFound = [
        await api.call('GET', `/api/links/${linkId}/analytics?timezoneOffset=0`, { session: b() }),
        await api.call('GET', `/api/links/${linkId}`, { session: b() }),
        await api.call('GET', `/api/links/${linkId}/qr?format=png`, { session: b() }),
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
      expect(ghost.body).toEqual(notFound[4].body);
      expect((await api.call('GET', '/api/links', { session: b() })).body).toEqual([]);
      expect((await api.call('GET', '/api/links?tag=alice-tag', { session: b() })).body).toEqual([]);
      expect((await api.call('GET', '/api/tags', { session: b() })).body).toEqual([]);
      expect((await api.call('GET', '/api/tags', { session: a() })).body).toEqual([{ tag: 'alice-tag', linkCount: 1 }]);

      const mine = await api.call('GET', '/api/links', { session: a() });
      expect(mine.body).toHaveLength(1);
      expect(mine.body[0]).toMatchObject({ id: linkId, name: 'Alice private', originalUrl: 'https://alice.example/secret' });
      expect((await api.call('GET', `/api/links/${linkId}/analytics?timezoneOffset=0`, { session: a() })).status).toBe(200);
    });

    it("B gets 404 on A's domain (rename, delete, SSL regenerate) and does not see it", async () => {
      const before = await api.dataSource.query('SELECT domain, ssl_fingerprint FROM domains WHERE id = $1', [domainId]);
      for (const res of [
        await api.call('PUT', `/api/domains/${domainId}`, { session: b(), body: { domain: 'stolen.bob.test' } }),
        await api.call('DELETE', `/api/domains/${domainId}`, { session: b() }),
        await api.call('POST', `/api/domains/${domainId}/ssl/regenerate`, { session: b() }),
        await api.call('POST', `/api/domains/${domainId}/verify`, { session: b() }),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ statusCode: 404, message: expect.any(String) });
      }
      expect((await api.call('GET', '/api/domains', { session: b() })).body).toEqual([]);
      expect(await api.dataSource.query('SELECT domain, ssl_fingerprint FROM domains WHERE id = $1', [domainId])).toEqual(before);
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

  describe('API keys: every route × every scope, and keys that must not work', () => {
    const keys = {} as Record<ApiKeyScope, string>;
    let revoked: string;
    let expired: string;
    let pendingKey: string;
    let deletedUserKey: string;
    const createKey = async (session: string | null, scopes: readonly string[], name = 'matrix key') => {
      const res = await api.call('POST', '/api/api-keys', { session, body: { name, scopes } });
      expect(res.status).toBe(201);
      expect(res.body.key).toMatch(/^lp_[A-Za-z0-9_-]{43}$/);
      return res.body as { id: string; key: string };
    };

    beforeAll(async () => {
      const a = users['approved A'].sessionId;
      for (const scope of API_KEY_SCOPES) keys[scope] = (await createKey(a, [scope], scope)).key;
      const r = await createKey(a, API_KEY_SCOPES, 'revoked');
      expect((await api.call('DELETE', `/api/api-keys/${r.id}`, { session: a })).status).toBe(200);
      revoked = r.key;
      const e = await createKey(a, API_KEY_SCOPES, 'expired');
      await api.dataSource.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [e.id]);
      expired = e.key;
      // A key made while approved, of a user who is then deleted: 401 (its row went with the user).
      const doomed = await approvedUser(api, 'matrix-doomed', 'doomed-pass-1');
      deletedUserKey = (await createKey(doomed.sessionId, API_KEY_SCOPES)).key;
      expect((await api.call('DELETE', `/api/admin/users/${doomed.user.id}`, { session: users.admin.sessionId })).status).toBe(200);
      // A key row of a pending user (they cannot create one: the route needs approval) → 401.
      pendingKey = newApiKey();
      const { createHash, randomUUID: uuid } = await import('node:crypto');
      const pendingId = (await api.dataSource.query('SELECT id FROM users WHERE username = $1', ['matrix-pending']))[0].id;
      await api.dataSource.query('INSERT INTO api_keys (id, owner_id, workspace_id, name, scopes, key_hash) VALUES ($1, $2, $2, $3, $4, $5)', [
        uuid(),
        pendingId,
        'pending',
        [...API_KEY_SCOPES],
        createHash('sha256').update(pendingKey).digest('hex'),
      ]);
    });

    it('every non-public route says which scope opens it', () => {
      const guarded = routes.map(routeKey).filter((k) => POLICY[k] && POLICY[k] !== 'public' && POLICY[k] !== 'admin');
      expect(guarded.filter((k) => !(k in KEY_SCOPE))).toEqual([]);
    });

    it('a key opens exactly the routes of its scope; elsewhere 403 naming the missing scope; admin and key routes never', async () => {
      const failures: string[] = [];
      for (const route of routes) {
        const key = routeKey(route);
        const access = POLICY[key];
        if (!access || access === 'public' || route.path === '/api/auth/logout') continue;
        const needed = access === 'admin' ? null : KEY_SCOPE[key];
        for (const scope of API_KEY_SCOPES) {
          const path = pathFor(route);
          const body = route.method === 'POST' || route.method === 'PUT' ? {} : undefined;
          const res = await api.call(route.method, path, { session: keys[scope], body });
          const where = `${route.method} ${path} with ${scope}`;
          const got = `${res.status} ${JSON.stringify(res.body)?.slice(0, 160)}`;
          if (res.status >= 500) failures.push(`${where}: ${got}`);
          else if (needed === scope) {
            if (res.status === 401 || res.status === 403) failures.push(`${where}: expected access, got ${got}`);
          } else {
            const message = needed === null ? KEY_NOT_HERE : missingScope(needed);
            if (res.status !== 403 || res.body?.message !== message) failures.push(`${where}: expected 403 '${message}', got ${got}`);
          }
        }
      }
      expect(failures).toEqual([]);
    });

    it("revoked, expired, unknown, pending and deleted users' keys get 401 on every guarded route", async () => {
      const failures: string[] = [];
      const bad = { revoked, expired, unknown: newApiKey(), pending: pendingKey, 'deleted user': deletedUserKey };
      for (const route of routes) {
        const access = POLICY[routeKey(route)];
        if (!access || access === 'public') continue;
        for (const [what, key] of Object.entries(bad)) {
          const res = await api.call(route.method, pathFor(route), {
            session: key,
            body: route.method === 'POST' || route.method === 'PUT' ? {} : undefined,
          });
          if (res.status !== 401 || res.body?.message !== KEY_INVALID)
            failures.push(`${route.method} ${route.path} with a ${what} key: ${res.status} ${JSON.stringify(res.body)}`);
        }
      }
      expect(failures).toEqual([]);
    });

    it("another user's key sees none of A's links: B's links:write key gets 404 on A's link", async () => {
      const b = await createKey(users['approved B'].sessionId, ['links:read', 'links:write', 'analytics:read']);
      const mine = await api.call('POST', '/api/links', {
        session: keys['links:write'],
        body: { originalUrl: 'https://a.example/key', shortCode: 'alice-by-key' },
      });
      expect(mine.status).toBe(201);
      for (const res of [
        await api.call('PUT', `/api/links/${mine.body.id}`, { session: b.key, body: { name: 'x', originalUrl: 'https://evil.example/' } }),
        await api.call('DELETE', `/api/links/${mine.body.id}`, { session: b.key }),
        await api.call('GET', `/api/links/${mine.body.id}/clicks`, { session: b.key }),
        await api.call('GET', `/api/links/${mine.body.id}/analytics`, { session: b.key }),
      ])
        expect(res.status).toBe(404);
      const listed = await api.call('GET', '/api/links', { session: b.key });
      expect(listed.body.map((l: { id: string }) => l.id)).not.toContain(mine.body.id);
      // The key acts as its owner: the link is A's, and A's key list shows it was used.
      expect((await api.call('GET', '/api/links', { session: users['approved A'].sessionId })).body.map((l: { id: string }) => l.id)).toContain(
        mine.body.id,
      );
      const listedKeys = await api.call('GET', '/api/api-keys', { session: users['approved A'].sessionId });
      const writer = listedKeys.body.find((k: { name: string }) => k.name === 'links:write');
      expect(writer.lastUsedAt).not.toBeNull();
      expect(listedKeys.body.every((k: Record<string, unknown>) => !('key' in k))).toBe(true);
      expect(listedKeys.body.some((k: { name: string }) => k.name === 'revoked')).toBe(false);
    });

    it("an admin's key has no admin powers", async () => {
      const adminKey = await createKey(users.admin.sessionId, ['links:read']);
      const res = await api.call('GET', '/api/links', { session: adminKey.key });
      expect(res.status).toBe(200);
      expect(res.body.every((l: { ownerUsername?: string }) => l.ownerUsername === undefined)).toBe(true);
      expect((await api.call('GET', '/api/admin/users', { session: adminKey.key })).body).toEqual({ statusCode: 403, message: KEY_NOT_HERE });
    });
  });

  describe('workspace routes × role: owner, editor, viewer, non-member, instance admin, key of the workspace, key of another', () => {
    type Caller = 'owner' | 'editor' | 'viewer' | 'non-member' | 'instance admin' | 'key of the workspace' | 'key of another workspace';
    const CALLERS: Caller[] = ['owner', 'editor', 'viewer', 'non-member', 'instance admin', 'key of the workspace', 'key of another workspace'];
    const sessions = {} as Record<Caller, string>;
    let ws: string;

    beforeAll(async () => {
      const owner = await approvedUser(api, 'matrix-ws-owner');
      const editor = await approvedUser(api, 'matrix-ws-editor');
      const viewer = await approvedUser(api, 'matrix-ws-viewer');
      const stranger = await approvedUser(api, 'matrix-ws-stranger');
      ws = (await api.call('POST', '/api/workspaces', { session: owner.sessionId, body: { name: 'Matrix team' } })).body.id;
      for (const [member, role] of [
        [editor, 'editor'],
        [viewer, 'viewer'],
      ] as const) {
        const inv = await api.call('POST', `/api/workspaces/${ws}/invitations`, { session: owner.sessionId, body: { role } });
        expect((await api.call('POST', `/api/invitations/${inv.body.token}/accept`, { session: member.sessionId })).status).toBe(200);
      }
      const key = async (workspaceId: string) =>
        (
          await api.call('POST', `/api/api-keys?workspaceId=${workspaceId}`, {
            session: owner.sessionId,
            body: { name: 'matrix ws key', scopes: API_KEY_SCOPES },
          })
        ).body.key as string;
      Object.assign(sessions, {
        owner: owner.sessionId,
        editor: editor.sessionId,
        viewer: viewer.sessionId,
        'non-member': stranger.sessionId,
        'instance admin': users.admin.sessionId,
        'key of the workspace': await key(ws),
        // The owner's own personal workspace: a key of a workspace its maker owns too still never reaches this one.
        'key of another workspace': await key(owner.user.id),
      });
    });

    it('every guarded route declares whether it is workspace-scoped and the role it needs', () => {
      const guarded = routes.map(routeKey).filter((k) => POLICY[k] && POLICY[k] !== 'public' && POLICY[k] !== 'admin');
      expect(guarded.filter((k) => !(k in WORKSPACE_ROLE))).toEqual([]);
    });

    it("a bulk action's progress is read by whoever started it, in its workspace only", async () => {
      const link = await api.call('POST', `/api/links?workspaceId=${ws}`, {
        session: sessions.editor,
        body: { originalUrl: 'https://matrix.example/bulk' },
      });
      expect(link.status).toBe(201);
      const started = await api.call('POST', `/api/links/bulk-actions?workspaceId=${ws}`, {
        session: sessions.editor,
        body: { action: 'addTags', ids: [link.body.id], tags: ['matrix'] },
      });
      expect(started.status).toBe(202);
      const read = (caller: Caller, workspaceId?: string) =>
        api.call('GET', `/api/links/bulk-actions/${started.body.id}${workspaceId ? `?workspaceId=${workspaceId}` : ''}`, {
          session: sessions[caller],
        });
      expect(await read('editor', ws)).toMatchObject({ status: 200, body: { id: started.body.id } });
      const missing = { statusCode: 404, message: expect.any(String) };
      // Named outside its workspace (the editor's personal one), or read by anyone else: as if it did not exist.
      expect(await read('editor')).toMatchObject({ status: 404, body: missing });
      for (const caller of ['owner', 'viewer', 'key of the workspace'] as Caller[])
        expect(await read(caller, ws)).toMatchObject({ status: 404, body: missing });
      expect(await read('key of another workspace')).toMatchObject({ status: 404, body: missing });
      expect((await read('non-member', ws)).body).toEqual({ statusCode: 404, message: WS_NOT_FOUND });
      expect((await read('instance admin')).status).toBe(404);
    });

    /** null: the handler ran (anything but 401, 403 and the workspace's 404). */
    function expectedFor(caller: Caller, key: string): { status: number; message: string } | null {
      const needed = WORKSPACE_ROLE[key]!;
      if (caller === 'non-member' || caller === 'instance admin') return { status: 404, message: WS_NOT_FOUND };
      if (caller.startsWith('key')) {
        if (KEY_SCOPE[key] === null) return { status: 403, message: KEY_NOT_HERE };
        return caller === 'key of the workspace' ? null : { status: 404, message: WS_NOT_FOUND };
      }
      const rank = { viewer: 1, editor: 2, owner: 3 };
      return rank[caller as WsRole] >= rank[needed] ? null : { status: 403, message: roleNeeded(needed) };
    }

    it('each caller gets exactly its role’s access, with the readable message, and never a 5xx', async () => {
      const failures: string[] = [];
      const scoped = routes.filter((r) => WORKSPACE_ROLE[routeKey(r)]);
      // The owner's DELETE of the workspace goes last (it empties the workspace the other calls use).
      const ordered = [...scoped].sort(
        (x, y) => Number(routeKey(x) === 'DELETE /api/workspaces/:id') - Number(routeKey(y) === 'DELETE /api/workspaces/:id'),
      );
      for (const route of ordered) {
        const key = routeKey(route);
        // Deleting the workspace: the owner last of all callers too.
        const callers = key === 'DELETE /api/workspaces/:id' ? [...CALLERS.slice(1), CALLERS[0]] : CALLERS;
        for (const caller of callers) {
          const filled = fillPath(route.path, (name) =>
            name === 'id' && route.path.startsWith('/api/workspaces/') ? ws : (PARAMS[name] ?? randomUUID)(),
          );
          const path = route.path.startsWith('/api/workspaces/') ? filled : `${filled}?workspaceId=${ws}`;
          const body = route.method === 'POST' || route.method === 'PUT' ? {} : undefined;
          const res = await api.call(route.method, path, { session: sessions[caller], body });
          const want = expectedFor(caller, key);
          const where = `${route.method} ${path} as ${caller}`;
          const got = `${res.status} ${typeof res.body === 'object' ? JSON.stringify(res.body)?.slice(0, 160) : '(text)'}`;
          if (res.status >= 500) failures.push(`${where}: ${got}`);
          else if (want && (res.status !== want.status || res.body?.message !== want.message))
            failures.push(`${where}: expected ${want.status} '${want.message}', got ${got}`);
          else if (!want && (res.status === 401 || res.status === 403 || res.body?.message === WS_NOT_FOUND))
            failures.push(`${where}: expected access, got ${got}`);
        }
      }
      expect(failures).toEqual([]);
      // The owner's DELETE ran last and emptied it.
      expect((await api.call('GET', `/api/workspaces/${ws}`, { session: sessions.owner })).body).toEqual({ statusCode: 404, message: WS_NOT_FOUND });
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
      await api.dataSource.query(
        `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE username = 'matrix-expired')`,
      );
      expect(await outcome(connect({ sessionId }))).toBe(`refused: ${SIGN_IN}`);
    });
  });
});
