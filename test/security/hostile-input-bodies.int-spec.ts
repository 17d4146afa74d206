import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { adminSession, approvedUser } from '../helpers/auth.js';
import { fillPath, readRouteTable, type ApiRoute } from '../helpers/route-table.js';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { probeDuring, send, type RawReply } from '../helpers/stall-probe.js';

/**
 * Hostile bodies (issue 35, docs/security.md "Request bodies"): no body is read before the session guard has let the
 * request in, a compressed body is refused (415) rather than inflated, and while gzip bombs, wide CSVs and deep JSON
 * arrive on every body route the api keeps answering `/api/health/live` within 1 s (a correctness bound for "the api
 * did not stall", not a benchmark).
 */
const PROBE_BOUND_MS = 1_000;
const ENCODING_MESSAGE = 'Content-Encoding is not accepted: send the request body uncompressed.';

/** A JSON import body of ~19 MB of one repeated character: ~19 kB once gzipped. */
const bomb = (): Buffer => gzipSync(Buffer.from(`{"format":"csv","content":"${'a'.repeat(19 * 1024 * 1024)}"}`));
/** A CSV of 40 000 columns, once as text and once inside the JSON an import takes. */
const WIDE_CSV = 'url,' + Array.from({ length: 40_000 }, (_, i) => `c${i}`).join(',') + '\nhttps://example.com,' + ','.repeat(39_999);
const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('hostile bodies: authenticate before reading, never inflate, never stall', () => {
  let api: TestApi;
  let routes: ApiRoute[];
  let session: string;
  let admin: string;

  beforeAll(async () => {
    api = await startTestApi();
    routes = readRouteTable(api.app).filter((r) => r.path.startsWith('/api') && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
    session = (await approvedUser(api, 'bodies-user')).sessionId;
    admin = await adminSession(api);
  }, 60_000);
  afterAll(() => api?.close());

  it('an anonymous 20 MB import is refused (401) before its body is read: the answer comes while the body is still unsent', async () => {
    const first = Buffer.from(`{"format":"csv","content":"${'a'.repeat(64 * 1024)}`);
    const reply = await send(
      api.baseUrl,
      'POST',
      '/api/imports',
      { 'content-type': 'application/json', 'content-length': 20 * 1024 * 1024 - 1024 },
      [first],
      { endBody: false, giveUpMs: 5_000 },
    );
    expect(reply).toMatchObject({ status: 401, body: { statusCode: 401, message: 'Please sign in: your session is missing or has expired.' } });
  });

  it('anonymous gzip bombs at /api/imports: each 401, /api/health/live answered within 1 s throughout', async () => {
    const body = bomb();
    expect(body.length).toBeLessThan(40 * 1024);
    const headers = { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': body.length };
    const { result, slowestMs, statuses } = await probeDuring(api, async () => {
      const replies: Array<RawReply | 'no answer'> = [];
      for (let round = 0; round < 3; round++) {
        replies.push(...(await Promise.all(Array.from({ length: 16 }, () => send(api.baseUrl, 'POST', '/api/imports', headers, [body])))));
      }
      return replies;
    });
    expect(result.map((r) => (r === 'no answer' ? r : r.status))).toEqual(Array(48).fill(401));
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect({ slowest: slowestMs < PROBE_BOUND_MS ? 'within 1 s' : slowestMs }).toEqual({ slowest: 'within 1 s' });
  }, 120_000);

  it('a signed-in gzip body is refused with 415 naming Content-Encoding, and nothing is imported', async () => {
    const body = bomb();
    const reply = await send(
      api.baseUrl,
      'POST',
      '/api/imports',
      { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': body.length, authorization: `Bearer ${session}` },
      [body],
    );
    expect(reply).toMatchObject({ status: 415, body: { statusCode: 415, message: ENCODING_MESSAGE } });
    const [{ n }] = await api.dataSource.query<Array<{ n: string }>>(`SELECT count(*)::text AS n FROM imports`);
    expect(n).toBe('0');
  });

  it('every body route × (anonymous, user, admin): gzip bombs, wide CSVs and deep JSON → a readable 4xx, never a stall', async () => {
    expect(routes.length).toBeGreaterThan(8);
    const gz = bomb();
    const deepGz = gzipSync(Buffer.from(deep(200_000)));
    const wideJson = Buffer.from(JSON.stringify({ format: 'csv', content: WIDE_CSV, name: WIDE_CSV.slice(0, 50_000) }));
    const cases: Array<{ what: string; headers: Record<string, string | number>; body: Buffer }> = [
      { what: 'gzip bomb', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: gz },
      { what: 'deflate-wrapped deep JSON', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: deepGz },
      { what: 'wide CSV as text/csv', headers: { 'content-type': 'text/csv' }, body: Buffer.from(WIDE_CSV) },
      { what: 'wide CSV inside JSON', headers: { 'content-type': 'application/json' }, body: wideJson },
      { what: 'deep JSON', headers: { 'content-type': 'application/json' }, body: Buffer.from(deep(50_000)) },
    ];
    const roles: Array<[string, string | null]> = [
      ['anonymous', null],
      ['user', session],
      ['admin', admin],
    ];
    const bad: string[] = [];
    const { slowestMs, statuses } = await probeDuring(api, async () => {
      for (const route of routes) {
        for (const c of cases) {
          for (const [role, token] of roles) {
            // Signing out would end the session the next requests use; anonymous tries cover the route.
            if (token && route.path === '/api/auth/logout') continue;
            const path = fillPath(route.path, () => randomUUID());
            const headers = { ...c.headers, 'content-length': c.body.length, ...(token ? { authorization: `Bearer ${token}` } : {}) };
            const reply = await send(api.baseUrl, route.method, path, headers, [c.body]);
            const where = `${route.method} ${route.path} ${c.what} as ${role}`;
            const compressed = Boolean(c.headers['content-encoding']);
            if (reply === 'no answer') bad.push(`${where}: no answer`);
            else if (reply.status >= 500) bad.push(`${where}: ${reply.status} ${JSON.stringify(reply.body).slice(0, 120)}`);
            else if (reply.status >= 400 && (typeof reply.body?.message !== 'string' || reply.body.message.length < 10))
              bad.push(`${where}: unreadable ${reply.status} ${JSON.stringify(reply.body).slice(0, 120)}`);
            // A compressed body is never read: refused by a guard (401/403, 404 for a workspace that is not the
            // caller's) or, once let in, with 415.
            else if (compressed && ![401, 403, 404, 415].includes(reply.status)) bad.push(`${where}: ${reply.status} (want 415)`);
            else if (compressed && reply.status === 415 && reply.body.message !== ENCODING_MESSAGE) bad.push(`${where}: ${reply.body.message}`);
          }
        }
      }
    });
    expect(bad).toEqual([]);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect({ slowest: slowestMs < PROBE_BOUND_MS ? 'within 1 s' : slowestMs }).toEqual({ slowest: 'within 1 s' });
    const [{ n }] = await api.dataSource.query<Array<{ n: string }>>(`SELECT count(*)::text AS n FROM imports`);
    expect(n).toBe('0');
  }, 300_000);
});
