import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { redisKeys } from '@app/contracts';
import { adminSession, approvedUser } from '../helpers/auth.js';
import { fillPath, readRouteTable, type ApiRoute } from '../helpers/route-table.js';
import { startTestApi, type TestApi } from '../helpers/test-api.js';

/**
 * Random and adversarial input against every JSON endpoint and every query string the api's route table and
 * OpenAPI document name, as an approved user and as the admin. Whatever arrives: never a 5xx, every 4xx is
 * `{statusCode, message}` with a sentence, nothing half-stored, and the process keeps serving.
 * Knobs: HOSTILE_RUNS (runs per endpoint and role, default 40), HOSTILE_VERBOSE=1 (status counts per route),
 * HOSTILE_TRACE=<path part> (print each answer for matching requests). A failure prints fast-check's seed to replay.
 */

const RUNS = Number(process.env.HOSTILE_RUNS ?? 40);
/** Routes without a body or query DTO only need a few runs to show they ignore what they do not read. */
const FEW_RUNS = 5;

// ---- adversarial values -------------------------------------------------------------------------------------------
const NASTY = [
  "' OR 1=1 --",
  "'; DROP TABLE links; --",
  '1; SELECT pg_sleep(5)',
  '<script>alert(1)</script>',
  '"><script>alert(document.cookie)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  '//evil.example/x',
  'http://localhost:8080/s/loop',
  'https://',
  'http://[::1',
  '../../../../etc/passwd',
  '%00',
  'a\u0000b',
  '\u0000',
  'NUL \u0000 inside a longer text',
  '\u202Egnp.exe',
  '\u200F\u05E9\u05DC\u05D5\u05DD',
  '🎉🔥👩‍👩‍👧‍👦',
  '\uD800',
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  '99999-01-01',
  '0000-00-00',
  '2024-02-30',
  '2024-13-01',
  '1970-01-01T00:00:00Z',
  '-1e309',
  '1e309',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '0x1F',
  '9007199254740993',
  '-99999999999',
  ' 5',
  '5.5',
  '',
  ' ',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
];
const BIG = 'x'.repeat(100_000);

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(BIG, 'https://example.com/' + 'a'.repeat(5000), 'a'.repeat(300)) },
  { weight: 1, arbitrary: fc.webUrl() },
);
const scalar = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(), // NaN and ±Infinity become null in JSON
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', 'a', '$gt'), scalar, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);
/** `value` in one run out of `every` on average, else null (fc.option's freq is the chance of null instead). */
const sometimes = <T>(value: fc.Arbitrary<T>, every: number): fc.Arbitrary<T | null> =>
  fc.oneof({ weight: every - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: value });

/** Keys that must never reach an object's prototype or the stored row. */
const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'isAdmin', 'isApproved', 'ownerId', 'id', 'clickCount', '$where'];

/** A JSON body built around an endpoint's own field names (so validation goes deep), or any JSON at all. */
function bodyFor(fields: string[], valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const shaped = fc
    .tuple(
      fc.record(Object.fromEntries(fields.map((f) => [f, fc.option(hostileValue, { nil: undefined, freq: 3 })]))),
      fc.subarray(fields),
      sometimes(fc.tuple(fc.constantFrom(...EXTRA_KEYS), hostileValue), 3),
    )
    .map(([values, keepValid, extra]) => {
      // Some fields keep a valid value so the others' rules are reached.
      const body: Record<string, unknown> = {};
      for (const f of fields) body[f] = keepValid.includes(f) && f in valid ? valid[f] : values[f];
      if (extra) Object.defineProperty(body, extra[0], { value: extra[1], enumerable: true, configurable: true, writable: true });
      return body;
    });
  // Every rule met, free text nasty: these get stored (201/200), which the half-object check below then counts.
  const storable = fc
    .tuple(
      fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 10, maxLength: 10 }),
      fc.constantFrom(...NASTY.filter((t) => t.length >= 8 && t.length <= 60)),
    )
    .map(([hex, text]) => {
      const body: Record<string, unknown> = {};
      const unique: Record<string, string> = {
        username: `u${hex}`,
        shortCode: `c-${hex}`,
        domain: `d${hex}.example.test`,
        originalUrl: `https://example.org/${hex}/${text}`,
        password: text,
        name: text,
        ogTitle: text,
        ogDescription: text,
      };
      for (const f of fields) if (f in unique || f in valid) body[f] = unique[f] ?? valid[f];
      return body;
    });
  return fc.oneof(
    { weight: 6, arbitrary: shaped },
    { weight: 2, arbitrary: storable },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** Path segments: nasty strings (percent-encoded) and raw broken percent-encodings. */
const hostileSegment = fc.oneof(
  fc.constantFrom(...NASTY.filter(Boolean)).map((value) => ({ value, raw: false })),
  fc.constantFrom('%', '%ZZ', '%C0%AF', '%ED%A0%80', '%FF%FE', '..%2F..%2Fetc', 'a'.repeat(5000)).map((value) => ({ value, raw: true })),
);

/** Parseable values per query parameter (some absurd but well-formed), so the handlers behind validation run too. */
const PLAUSIBLE: Record<string, string[]> = {
  timezoneOffset: ['0', '-330', '480', '-840', '840', '-720', '60'],
  timeZone: ['Europe/Berlin', 'UTC', 'America/St_Johns', 'Asia/Kathmandu', 'Pacific/Kiritimati', 'Etc/GMT+12'],
  tag: ['launch', 'q4-2026', 'ümlaut'],
  startDate: [
    '2026-01-01',
    '2026-01-01',
    '2025-12-31',
    '2000-01-01',
    '2026-01-01T10:00:00Z',
    '2026-02-28T23:59:59.999+14:00',
    '1970-01-01',
    '9999-12-31',
  ],
  endDate: ['2026-01-31', '2026-01-31', '2026-12-31', '2100-12-31', '2026-01-01', '2026-03-01T00:00:00-12:00', '0001-01-01'],
  days: ['7', '14', '30'],
  page: ['1', '2', '999999'],
  limit: ['1', '10', '100'],
  domain: ['admin.hostile.test', 'APPROVED.hostile.test:8443', 'localhost'],
};

/** Query values: nasty strings, sometimes repeated (`a=1&a=2`), sometimes a foreign parameter. */
function queryFor(params: string[]): fc.Arbitrary<string> {
  const nasty = fc.oneof(fc.constantFrom(...NASTY), fc.string({ unit: 'grapheme', maxLength: 30 }), fc.integer().map(String));
  const valueFor = (p: string) => fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...(PLAUSIBLE[p] ?? ['1'])) }, { weight: 1, arbitrary: nasty });
  return fc
    .tuple(
      fc.record(
        Object.fromEntries(
          params.map((p) => [
            p,
            fc.option(
              fc.oneof({ weight: 8, arbitrary: valueFor(p) }, { weight: 1, arbitrary: fc.array(valueFor(p), { minLength: 2, maxLength: 3 }) }),
              { nil: undefined, freq: 3 },
            ),
          ]),
        ),
      ),
      sometimes(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'format', 'page[$gt]', 'x'), nasty), 5),
    )
    .map(([values, extra]) => {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(values)) for (const one of v === undefined ? [] : Array.isArray(v) ? v : [v]) q.append(k, one);
      if (extra) q.append(extra[0], extra[1]);
      return q.toString();
    });
}

// ---- what every answer must look like -----------------------------------------------------------------------------
const UNHUMAN =
  /TypeError|ReferenceError|Cannot read prop|undefined is not|QueryFailedError|syntax error at or near|\bat [\w.]+ \(|violates .* constraint|invalid input syntax/i;

/** Status counts per route, printed with HOSTILE_VERBOSE=1 (to see the input reached past validation). */
const seen = new Map<string, Map<number, number>>();

function checkAnswer(where: string, res: { status: number; body: any }, key = where): void {
  if (process.env.HOSTILE_TRACE && where.includes(process.env.HOSTILE_TRACE)) console.log(where, res.status, res.body?.message);
  const per = seen.get(key) ?? new Map<number, number>();
  per.set(res.status, (per.get(res.status) ?? 0) + 1);
  seen.set(key, per);
  if (res.status >= 500) throw new Error(`${where} → ${res.status} ${JSON.stringify(res.body)?.slice(0, 300)}`);
  if (res.status >= 400) {
    const b = res.body;
    const ok =
      b &&
      typeof b === 'object' &&
      b.statusCode === res.status &&
      typeof b.message === 'string' &&
      b.message.trim().length > 0 &&
      !UNHUMAN.test(b.message);
    if (!ok) throw new Error(`${where} → ${res.status} without a readable {statusCode, message}: ${JSON.stringify(b)?.slice(0, 300)}`);
  }
}

async function send(
  api: TestApi,
  method: string,
  path: string,
  raw: string | undefined,
  session: string | null,
  headers: Record<string, string> = {},
) {
  const h: Record<string, string> = { ...headers };
  if (raw !== undefined && !h['content-type']) h['content-type'] = 'application/json';
  if (session) h.authorization = `Bearer ${session}`;
  const res = await fetch(api.baseUrl + path, { method, headers: h, body: raw });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: body as any };
}

interface OpenApi {
  paths: Record<
    string,
    Record<string, { parameters?: { in: string; name: string }[]; requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> } }>
  >;
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
}

/** Field names of a route's JSON body and names of its query parameters, from the api's OpenAPI document. */
function describeRoute(doc: OpenApi, route: ApiRoute): { fields: string[]; query: string[] } {
  const op = doc.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
  const ref = op?.requestBody?.content?.['application/json']?.schema?.$ref;
  const schema = ref ? doc.components.schemas[ref.split('/').pop()!] : undefined;
  return {
    fields: Object.keys(schema?.properties ?? {}),
    query: (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
  };
}

/** A valid value per known field, so shaped bodies sometimes pass all but one rule (and sometimes create rows). */
const VALID: Record<string, unknown> = {
  username: 'valid.user',
  password: 'password-123',
  originalUrl: 'https://example.org/page',
  name: 'A name',
  shortCode: 'code-1',
  domain: 'ok.example.test',
  ogTitle: 'Title',
  ogDescription: 'Description',
  ogImage: 'https://example.org/i.png',
};

describe('hostile input: every JSON endpoint and query string', () => {
  let api: TestApi;
  let routes: ApiRoute[];
  let doc: OpenApi;
  const sessions: Record<'approved' | 'admin', string> = { approved: '', admin: '' };
  const own: Record<'approved' | 'admin', { link: string; domain: string; workspace: string }> = {
    approved: { link: '', domain: '', workspace: '' },
    admin: { link: '', domain: '', workspace: '' },
  };
  const created = { links: 0, domains: 0, users: 0 };
  let before: Record<string, number>;

  const counts = async (): Promise<Record<string, number>> => {
    const [row] = await api.dataSource.query(`
      SELECT (SELECT count(*) FROM links)::int AS links, (SELECT count(*) FROM domains)::int AS domains, (SELECT count(*) FROM users)::int AS users,
             (SELECT count(*) FROM events WHERE type = 'link-created')::int AS "linkEvents",
             (SELECT count(*) FROM events WHERE type = 'domain-added')::int AS "domainEvents",
             (SELECT count(*) FROM events WHERE type = 'user-registered')::int AS "userEvents"`);
    return row;
  };
  const clearRateLimits = async () => {
    const keys = await api.redis.keys(redisKeys(api.config.redisPrefix).rateLimit('*', '*'));
    if (keys.length) await api.redis.del(...keys);
  };
  /** Bodies are read after the session guard (docs/security.md), so each route is called by a caller allowed to reach its body. */
  const sessionFor = (role: 'approved' | 'admin', route: ApiRoute) =>
    route.path === '/api/auth/logout' ? null : route.path.startsWith('/api/admin') ? sessions.admin : sessions[role];
  const idFor = (role: 'approved' | 'admin', route: ApiRoute) =>
    route.path.startsWith('/api/domains')
      ? own[role].domain
      : route.path.startsWith('/api/links')
        ? own[role].link
        : route.path.startsWith('/api/workspaces')
          ? own[role].workspace
          : randomUUID();
  const PARAM_VALUES: Record<string, string> = { format: 'json', code: 'code-1' };
  const pathOf = (role: 'approved' | 'admin', route: ApiRoute) =>
    fillPath(route.path, (name) => (name === 'id' ? idFor(role, route) : (PARAM_VALUES[name] ?? randomUUID())));
  const failures: string[] = [];
  /** Runs one property; a counterexample is kept (first lines of fast-check's report) so every route gets its turn. */
  const collect = async (what: string, run: () => Promise<void>) => {
    try {
      await run();
    } catch (err) {
      failures.push(
        `${what}: ${String((err as Error).message)
          .split('\n')
          .slice(0, 6)
          .join(' | ')}`,
      );
    }
  };
  const tally = (route: ApiRoute, status: number) => {
    if (route.method !== 'POST' || status < 200 || status >= 300) return;
    if (route.path === '/api/links') created.links++;
    if (route.path === '/api/domains') created.domains++;
    if (route.path === '/api/auth/register') created.users++;
  };

  beforeAll(async () => {
    api = await startTestApi();
    routes = readRouteTable(api.app).filter((r) => r.path.startsWith('/api') && !r.path.startsWith('/api/docs'));
    doc = (await api.call('GET', '/api/docs-json')).body;
    sessions.approved = (await approvedUser(api, 'hostile-user')).sessionId;
    sessions.admin = await adminSession(api);
    for (const role of ['approved', 'admin'] as const) {
      const domain = await api.call('POST', '/api/domains', { session: sessions[role], body: { domain: `${role}.hostile.test` } });
      const link = await api.call('POST', '/api/links', {
        session: sessions[role],
        body: { originalUrl: 'https://example.org/', name: `${role} link` },
      });
      expect([domain.status, link.status]).toEqual([201, 201]);
      const me = await api.call('GET', '/api/auth/me', { session: sessions[role] });
      own[role] = { link: link.body.id, domain: domain.body.id, workspace: me.body.user.id };
    }
    before = await counts();
  }, 60_000);
  afterAll(async () => {
    if (process.env.HOSTILE_VERBOSE) console.log([...seen].map(([k, v]) => `${k}: ${JSON.stringify(Object.fromEntries(v))}`).join('\n'));
    await api?.close();
  });

  it('finds the JSON endpoints and query parameters in the route table and OpenAPI document', () => {
    const withBody = routes.filter((r) => describeRoute(doc, r).fields.length > 0).map((r) => `${r.method} ${r.path}`);
    expect(withBody).toEqual(
      expect.arrayContaining([
        'POST /api/auth/register',
        'POST /api/auth/login',
        'POST /api/links',
        'PUT /api/links/:id',
        'POST /api/domains',
        'PUT /api/domains/:id',
      ]),
    );
    const queries = routes.filter((r) => r.method === 'GET').flatMap((r) => describeRoute(doc, r).query);
    expect(new Set(queries)).toEqual(
      new Set([
        ...['timezoneOffset', 'timeZone', 'startDate', 'endDate', 'days', 'page', 'limit', 'domain', 'tag', 'format', 'size'],
        ...['search', 'sort', 'order', 'archived', 'domainId', 'ownerId', 'workspaceId', 'dimension', 'compare'],
        ...['country', 'region', 'city', 'device', 'browser', 'os', 'referrer', 'language', 'qr', 'linkId'],
        ...['utmSource', 'utmMedium', 'utmCampaign', 'period'],
      ]),
    );
  });

  it('JSON bodies (POST/PUT): never a 5xx, always a readable 4xx', async () => {
    for (const route of routes.filter((r) => r.method === 'POST' || r.method === 'PUT')) {
      const { fields } = describeRoute(doc, route);
      for (const role of ['approved', 'admin'] as const) {
        await collect(`${route.method} ${route.path} as ${role}`, () =>
          fc.assert(
            fc.asyncProperty(bodyFor(fields, VALID), async (body) => {
              await clearRateLimits();
              const path = pathOf(role, route);
              const res = await send(api, route.method, path, JSON.stringify(body), sessionFor(role, route));
              tally(route, res.status);
              checkAnswer(
                `${route.method} ${path} as ${role} with ${JSON.stringify(body)?.slice(0, 200)}`,
                res,
                `${route.method} ${route.path} as ${role}`,
              );
            }),
            { numRuns: fields.length ? RUNS : FEW_RUNS },
          ),
        );
      }
    }
    expect(failures.splice(0)).toEqual([]);
  }, 240_000);

  it('query strings (and path ids) of every GET: never a 5xx, always a readable 4xx', async () => {
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const { query } = describeRoute(doc, route);
      const hasParam = route.path.includes(':');
      for (const role of ['approved', 'admin'] as const) {
        await collect(`GET ${route.path} as ${role}`, () =>
          fc.assert(
            fc.asyncProperty(queryFor(query), sometimes(hostileSegment, 3), async (qs, hostileId) => {
              let path = pathOf(role, route);
              if (hostileId !== null && hasParam) path = fillPath(route.path, () => hostileId.value, { raw: hostileId.raw });
              path += qs ? `?${qs}` : '';
              checkAnswer(`GET ${path} as ${role}`, await send(api, 'GET', path, undefined, sessions[role]), `GET ${route.path} as ${role}`);
            }),
            { numRuns: query.length || hasParam ? RUNS : FEW_RUNS },
          ),
        );
      }
    }
    expect(failures.splice(0)).toEqual([]);
  }, 240_000);

  it('a NUL character in any text field is a readable 400 or stored without it, never a 500', async () => {
    const nul = 'before\u0000after';
    const cases: [string, string, Record<string, unknown>][] = [
      ['POST', '/api/links', { originalUrl: 'https://example.org/', name: nul }],
      ['POST', '/api/links', { originalUrl: 'https://example.org/', ogTitle: nul, ogDescription: nul }],
      ['POST', '/api/links', { originalUrl: `https://example.org/${nul}` }],
      ['POST', '/api/links', { originalUrl: 'https://example.org/', shortCode: `nul${nul}` }],
      ['PUT', `/api/links/${own.approved.link}`, { name: nul, originalUrl: 'https://example.org/' }],
      ['PUT', `/api/links/${own.approved.link}`, { name: 'ok', originalUrl: `https://example.org/${nul}` }],
      ['POST', '/api/domains', { domain: `nul${nul}.example.test` }],
      ['PUT', `/api/domains/${own.approved.domain}`, { domain: `nul${nul}.example.test` }],
      ['POST', '/api/auth/register', { username: `nul${nul}`, password: 'password-123' }],
      ['POST', '/api/auth/register', { username: 'nul-password', password: `password-${nul}` }],
      ['POST', '/api/auth/login', { username: `admin${nul}`, password: 'admin-password-1' }],
    ];
    const results: string[] = [];
    for (const [method, path, body] of cases) {
      await clearRateLimits();
      const res = await send(api, method, path, JSON.stringify(body), sessions.approved);
      tally(
        {
          method: method as ApiRoute['method'],
          path: path.startsWith('/api/links') ? '/api/links' : path.startsWith('/api/domains') ? '/api/domains' : path,
        },
        res.status,
      );
      checkAnswer(`${method} ${path} ${JSON.stringify(body)}`, res, `${method} ${path} (NUL)`);
      results.push(`${method} ${path}: ${res.status}`);
    }
    expect(results.filter((r) => r.endsWith(': 500'))).toEqual([]);
  });

  it('malformed JSON → 400 "The request body is not valid JSON." on every JSON endpoint', async () => {
    const bad = ['{', '{"originalUrl":', "{'a':1}", '[1,2', 'nul', '{"a":1}garbage', '"just a string"', '42', 'null', '{"a":"\\u00"}', '\u0000'];
    for (const route of routes.filter((r) => r.method === 'POST' || r.method === 'PUT')) {
      for (const raw of bad) {
        await clearRateLimits();
        const res = await send(api, route.method, pathOf('approved', route), raw, sessionFor('approved', route));
        expect({ route: `${route.method} ${route.path}`, raw, status: res.status, body: res.body }).toEqual({
          route: `${route.method} ${route.path}`,
          raw,
          status: 400,
          body: { statusCode: 400, message: 'The request body is not valid JSON.' },
        });
      }
    }
  }, 120_000);

  it('a 1 MB body → 413 "The request body is too large." on every JSON endpoint, before any work', async () => {
    const huge = JSON.stringify({ originalUrl: 'https://example.org/', name: 'n'.repeat(1024 * 1024) });
    // POST /api/imports takes export files up to 20 MB (docs/product.md#imports-and-exports); its own limit is proven in imports.int-spec.ts.
    // POST /api/links/bulk takes up to 1000 links (4 MB, its own @BodyLimit), proven in link-bulk.int-spec.ts.
    const ownLimit = new Set(['/api/imports', '/api/links/bulk']);
    for (const route of routes.filter((r) => (r.method === 'POST' || r.method === 'PUT') && !ownLimit.has(r.path))) {
      for (const session of [sessionFor('approved', route), null]) {
        const res = await send(api, route.method, pathOf('approved', route), huge, session);
        // Signed out, a route that needs a session refuses before reading the body (docs/security.md); public ones read it.
        const refusedUnread = session === null && res.status === 401;
        expect({ route: `${route.method} ${route.path}`, status: res.status, body: res.body }).toEqual({
          route: `${route.method} ${route.path}`,
          status: refusedUnread ? 401 : 413,
          body: refusedUnread
            ? { statusCode: 401, message: 'Please sign in: your session is missing or has expired.' }
            : { statusCode: 413, message: 'The request body is too large.' },
        });
      }
    }
  }, 120_000);

  it('odd content types, charsets and encodings are refused readably', async () => {
    const variants: { headers: Record<string, string>; raw: string }[] = [
      { headers: { 'content-type': 'text/plain' }, raw: '{"originalUrl":"https://example.org/"}' },
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, raw: 'originalUrl=https%3A%2F%2Fexample.org%2F&__proto__[isAdmin]=1' },
      { headers: { 'content-type': 'application/json; charset=latin1' }, raw: '{"originalUrl":"https://example.org/"}' },
      { headers: { 'content-type': 'application/json; charset=utf-16' }, raw: '{"originalUrl":"https://example.org/"}' },
      { headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, raw: 'not gzip at all' },
      { headers: { 'content-type': 'application/json', 'content-encoding': 'x-unknown' }, raw: '{}' },
      { headers: { 'content-type': 'multipart/form-data; boundary=x' }, raw: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--' },
    ];
    for (const route of routes.filter((r) => r.method === 'POST' || r.method === 'PUT')) {
      for (const v of variants) {
        await clearRateLimits();
        const path = pathOf('approved', route);
        const res = await send(api, route.method, path, v.raw, sessionFor('approved', route), v.headers);
        tally(route, res.status);
        checkAnswer(`${route.method} ${path} with ${JSON.stringify(v.headers)}`, res, `${route.method} ${route.path} (content types)`);
      }
    }
  }, 120_000);

  it('an over-long URL is refused by the server, not the app, and does not hurt it', async () => {
    const res = await fetch(`${api.baseUrl}/api/links?timezoneOffset=${'1'.repeat(100_000)}`, {
      headers: { authorization: `Bearer ${sessions.approved}` },
    }).catch(() => null);
    if (res) expect([414, 431]).toContain(res.status);
    expect((await api.call('GET', '/api/health/live')).status).toBe(200);
  });

  it('nothing was half-stored: rows grew exactly by the 2xx creates, each with its event, every link http(s), no prototype pollution', async () => {
    const after = await counts();
    expect(after).toEqual({
      links: before.links + created.links,
      domains: before.domains + created.domains,
      users: before.users + created.users,
      linkEvents: before.linkEvents + created.links,
      domainEvents: before.domainEvents + created.domains,
      userEvents: before.userEvents + created.users,
    });
    const badLinks = await api.dataSource.query(
      `SELECT id, original_url FROM links WHERE original_url !~* '^https?://[^/]' OR owner_id NOT IN (SELECT id FROM users)`,
    );
    expect(badLinks).toEqual([]);
    expect(await api.dataSource.query(`SELECT username FROM users WHERE is_admin`)).toEqual([{ username: 'admin' }]);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'isAdmin')).toBe(false);
    // Thousands of hostile paths later, the request metrics still label by route pattern only (bounded series).
    const scrape = await (await fetch(`${api.baseUrl}/metrics`)).text();
    const labels = new Set([...scrape.matchAll(/^linkpulse_http_requests_total\{[^}]*route="([^"]*)"/gm)].map((m) => m[1]));
    const allowed = new Set([...readRouteTable(api.app).map((r) => r.path), 'unmatched', 'web', '/metrics', '/socket.io']);
    expect(labels.size).toBeGreaterThan(5);
    expect([...labels].filter((l) => !allowed.has(l))).toEqual([]);
    // The approved user's session survived every request, and the process is up.
    expect((await api.call('GET', '/api/auth/me', { session: sessions.approved })).status).toBe(200);
    expect((await api.call('GET', '/api/health/live')).status).toBe(200);
  });
});
