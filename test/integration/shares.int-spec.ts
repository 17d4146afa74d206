import { createHash, randomUUID } from 'node:crypto';
import { createEnricher, ingestClicks } from '@app/clicks';
import { addDays, localDateString } from '@app/time';
import { adminSession, approvedUser } from '../helpers/auth.js';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { until } from '../helpers/until.js';

/**
 * Shared stats pages (docs/product.md "Shared stats", docs/security.md "Shared stats pages"): who may create, list and
 * revoke; the public page's figures against direct counts over the stored non-bot clicks; passwords, expiry,
 * revocation, the address limit; and that no public answer carries an IP address or another link.
 */
const IPS = ['8.8.8.8', '81.2.69.142', '2.125.160.216', '89.160.20.112', '216.160.83.56', '175.16.199.5'];
const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
];
const REFERERS = ['', 'https://www.google.com/search?q=x', 'https://t.co/abc'];
const GONE = { statusCode: 404, message: 'This share link has expired or was revoked.' };
const DAY = 86_400_000;

let api: TestApi;
let owner: string;
let editor: string;
let viewer: string;
let stranger: string;
let ws: string;
let ownerId: string;
const links: Record<string, { id: string; name: string; url: string }> = {};
let address = 0;
/** A fresh client address per public call group, so the per-address limit counts only what a test means it to. */
const nextIp = () => `10.${Math.floor(++address / 250)}.${address % 250}.1`;
const q = (path: string, workspaceId = ws) => `${path}${path.includes('?') ? '&' : '?'}workspaceId=${workspaceId}`;

const today = localDateString(new Date(), 'UTC');
const range = { startDate: addDays(today, -6), endDate: today, timeZone: 'UTC' };
const rangeQuery = new URLSearchParams(range).toString();

function publicCall(token: string, opts: { password?: string; ip?: string; query?: string } = {}) {
  const headers: Record<string, string> = { 'x-forwarded-for': opts.ip ?? nextIp() };
  if (opts.password !== undefined) headers['x-share-password'] = opts.password;
  return api.call('GET', `/api/public/shares/${token}/analytics?${opts.query ?? rangeQuery}`, { headers });
}

async function createLink(key: string, workspaceId: string, session: string, tags: string[]) {
  const url = `https://example.com/${key}-${randomUUID()}`;
  const res = await api.call('POST', q('/api/links', workspaceId), { session, body: { name: `Link ${key}`, originalUrl: url, tags } });
  expect(res.status).toBe(201);
  links[key] = { id: res.body.id, name: `Link ${key}`, url };
}

/** Clicks over the last 10 days (some before the range), a quarter of them bots. */
async function ingest(key: string, n: number, seed: number) {
  let s = seed;
  const pick = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  const of = <T>(list: T[]) => list[Math.floor(pick() * list.length)];
  const enricher = createEnricher({});
  const clicks = Array.from({ length: n }, () =>
    enricher.enrich({
      id: randomUUID(),
      linkId: links[key].id,
      at: new Date(Date.now() - Math.floor(pick() * 10 * DAY)).toISOString(),
      ip: of(IPS),
      userAgent: of(AGENTS),
      referer: of(REFERERS),
      host: 'localhost:8080',
    }),
  );
  expect((await ingestClicks(api.dataSource, clicks)).inserted).toBe(n);
}

/** Direct counts over the stored non-bot clicks of these links in the range (UTC days), grouped by `column` when given. */
async function direct(linkIds: string[], column?: string): Promise<Record<string, number>> {
  const rows = await api.dataSource.query<{ k: string; n: number }[]>(
    `SELECT ${column ?? `'total'`} AS k, count(*)::int AS n FROM clicks
      WHERE link_id = ANY($1::uuid[]) AND NOT is_bot AND clicked_at >= $2 AND clicked_at < $3 GROUP BY 1`,
    [linkIds, `${range.startDate}T00:00:00Z`, `${addDays(range.endDate, 1)}T00:00:00Z`],
  );
  return Object.fromEntries(rows.map((r) => [r.k, r.n]));
}
const byValue = (items: { value: string; clicks: number }[]) => Object.fromEntries(items.map((i) => [i.value, i.clicks]));

/** Every key of a JSON value, at any depth. */
function keysOf(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => keysOf(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      keysOf(v, out);
    }
  }
  return out;
}
function expectNothingPrivate(body: unknown, otherLinks: string[]) {
  expect(keysOf(body).filter((k) => /^ip/i.test(k))).toEqual([]);
  const text = JSON.stringify(body);
  for (const ip of IPS) expect(text).not.toContain(ip);
  for (const key of otherLinks) {
    expect(text).not.toContain(links[key].name);
    expect(text).not.toContain(links[key].url);
    expect(text).not.toContain(links[key].id);
  }
}

async function share(body: Record<string, unknown>, session = editor) {
  const res = await api.call('POST', q('/api/shares'), { session, body });
  expect([res.status, res.body?.message]).toEqual([201, undefined]);
  return res.body as { id: string; token: string; url: string };
}

beforeAll(async () => {
  api = await startTestApi({ TRUST_PROXY: '1' });
  const o = await approvedUser(api, 'share-owner');
  const e = await approvedUser(api, 'share-editor');
  const v = await approvedUser(api, 'share-viewer');
  const s = await approvedUser(api, 'share-stranger');
  [owner, editor, viewer, stranger, ownerId] = [o.sessionId, e.sessionId, v.sessionId, s.sessionId, o.user.id];
  ws = (await api.call('POST', '/api/workspaces', { session: owner, body: { name: 'Campaigns' } })).body.id;
  for (const [session, role] of [
    [editor, 'editor'],
    [viewer, 'viewer'],
  ]) {
    const inv = await api.call('POST', `/api/workspaces/${ws}/invitations`, { session: owner, body: { role } });
    expect((await api.call('POST', `/api/invitations/${inv.body.token}/accept`, { session })).status).toBe(200);
  }
  await createLink('a', ws, owner, ['spring']);
  await createLink('b', ws, owner, ['spring', 'video']);
  await createLink('c', ws, owner, ['autumn']);
  await createLink('personal', ownerId, owner, ['spring']); // same tag, another workspace (the owner's personal one)
  await createLink('theirs', '', stranger, ['spring']);
  let seed = 7;
  for (const key of ['a', 'b', 'c', 'personal', 'theirs']) await ingest(key, 120, seed++);
}, 120_000);
afterAll(async () => {
  await api?.close();
});

describe('creating, listing and revoking shares', () => {
  it('an editor shares a link: 201 {id, token, url}; the token is 256 bits, stored only as its SHA-256, in no event', async () => {
    const created = await share({ linkId: links.a.id });
    expect(created).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        url: `${api.config.appUrl}/share/${created.token}`,
      }),
    );
    const [row] = await api.dataSource.query<{ token_hash: string }[]>('SELECT token_hash FROM shares WHERE id = $1', [created.id]);
    expect(row.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
    const [{ n }] = await api.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM events WHERE data::text LIKE $1 OR metadata::text LIKE $1`,
      [`%${created.token}%`],
    );
    expect(n).toBe(0);
  });

  it('every member lists the workspace shares (no token); only editors and owners create and revoke', async () => {
    const created = await share({ tag: 'video', password: 'list-password-1' }, owner);
    const listed = await api.call('GET', q('/api/shares'), { session: viewer });
    expect(listed.status).toBe(200);
    expect(listed.body).toContainEqual({
      id: created.id,
      linkId: null,
      linkName: null,
      tag: 'video',
      hasPassword: true,
      expiresAt: null,
      createdAt: expect.any(String),
    });
    expect(keysOf(listed.body)).not.toContain('token');
    const ofLink = await api.call('GET', q(`/api/shares?linkId=${links.a.id}`), { session: viewer });
    expect(ofLink.body.every((s: { linkId: string }) => s.linkId === links.a.id)).toBe(true);
    expect(ofLink.body.length).toBeGreaterThan(0);

    const editorOrHigher = { statusCode: 403, message: 'This needs the editor role in this workspace (or higher).' };
    expect((await api.call('POST', q('/api/shares'), { session: viewer, body: { linkId: links.a.id } })).body).toEqual(editorOrHigher);
    expect((await api.call('DELETE', q(`/api/shares/${created.id}`), { session: viewer })).body).toEqual(editorOrHigher);
    const notMember = { statusCode: 404, message: 'Workspace not found.' };
    expect((await api.call('GET', q('/api/shares'), { session: stranger })).body).toEqual(notMember);
    expect((await api.call('POST', q('/api/shares'), { session: stranger, body: { linkId: links.a.id } })).body).toEqual(notMember);
    // The stranger's own workspace has no such share.
    expect((await api.call('DELETE', `/api/shares/${created.id}`, { session: stranger })).status).toBe(404);
    expect((await api.call('GET', '/api/shares', { session: stranger })).body).toEqual([]);

    expect((await api.call('DELETE', q(`/api/shares/${created.id}`), { session: editor })).status).toBe(200);
    expect((await api.call('DELETE', q(`/api/shares/${created.id}`), { session: editor })).body).toEqual({
      statusCode: 404,
      message: 'Share not found.',
    });
    expect((await api.call('GET', q('/api/shares'), { session: viewer })).body.map((s: { id: string }) => s.id)).not.toContain(created.id);
  });

  it('refuses what cannot be shared with a clear 4xx', async () => {
    const post = (body: unknown) => api.call('POST', q('/api/shares'), { session: editor, body });
    const cases: [unknown, number, string][] = [
      [{ linkId: links.theirs.id }, 404, 'Link not found.'],
      [{ linkId: links.personal.id }, 404, 'Link not found.'],
      [{ linkId: 'not-a-uuid' }, 404, 'Link not found.'],
      [{ tag: 'nobody-has-this' }, 400, 'tag: no link of this workspace carries this tag.'],
      [{}, 400, 'Share either one link (linkId) or one tag (tag), not both and not neither.'],
      [{ linkId: links.a.id, tag: 'spring' }, 400, 'Share either one link (linkId) or one tag (tag), not both and not neither.'],
      [{ linkId: links.a.id, password: 'short' }, 400, 'password must be 8 to 128 characters, or null.'],
      [
        { linkId: links.a.id, expiresAt: new Date(Date.now() - 60_000).toISOString() },
        400,
        'expiresAt must be an ISO date-time in the future, or null.',
      ],
      [{ linkId: links.a.id, expiresAt: 'tomorrow' }, 400, 'expiresAt must be an ISO date-time in the future, or null.'],
      [{ linkId: links.a.id, extra: 1 }, 400, expect.stringContaining('extra')],
    ];
    for (const [body, status, message] of cases) {
      expect([body, (await post(body)).body]).toEqual([body, { statusCode: status, message }]);
    }
  });
});

describe('the public page', () => {
  it("a link share: every figure equals the direct count of that link's stored non-bot clicks; no IP, no other link", async () => {
    const { token } = await share({ linkId: links.a.id });
    const res = await publicCall(token);
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.subject).toEqual({ type: 'link', name: links.a.name, shortUrl: expect.stringContaining('/s/') });
    expect([body.startDate, body.endDate]).toEqual([range.startDate, range.endDate]);
    const ids = [links.a.id];
    expect(body.totalClicks).toBe((await direct(ids)).total);
    expect(body.totalClicks).toBeGreaterThan(0);
    const perDay = await direct(ids, `to_char(clicked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`);
    expect(body.clicksOverTime).toEqual(
      Array.from({ length: 7 }, (_, i) => addDays(range.startDate, i)).map((date) => ({ date, clicks: perDay[date] ?? 0 })),
    );
    const countries = await direct(ids, `coalesce(country_code, '')`);
    delete countries[''];
    expect(Object.fromEntries(body.countries.map((c: { countryCode: string; clicks: number }) => [c.countryCode, c.clicks]))).toEqual(countries);
    expect(byValue(body.devices)).toEqual(await direct(ids, 'device'));
    expect(byValue(body.browsers)).toEqual(await direct(ids, 'browser'));
    expect(byValue(body.referrers)).toEqual(await direct(ids, `coalesce(nullif(referrer, ''), 'direct')`));
    expectNothingPrivate(body, ['b', 'c', 'personal', 'theirs']);
  });

  it("a tag share counts only the workspace's links carrying the tag, and names none of them", async () => {
    const { token } = await share({ tag: 'spring' });
    const res = await publicCall(token);
    expect(res.status).toBe(200);
    expect(res.body.subject).toEqual({ type: 'tag', tag: 'spring' });
    const ids = [links.a.id, links.b.id];
    expect(res.body.totalClicks).toBe((await direct(ids)).total);
    expect(res.body.totalClicks).not.toBe((await direct([...ids, links.personal.id, links.theirs.id])).total);
    const cities = await direct(ids, `coalesce(city, '')`);
    delete cities[''];
    expect(res.body.cities.reduce((s: number, c: { clicks: number }) => s + c.clicks, 0)).toBe(Object.values(cities).reduce((s, n) => s + n, 0));
    expect(byValue(res.body.devices)).toEqual(await direct(ids, 'device'));
    expectNothingPrivate(res.body, ['a', 'b', 'c', 'personal', 'theirs']);
  });

  it('a password share: missing or wrong → 401, right → 200; 5 wrong tries per address, then 429 even for the right one', async () => {
    const { token } = await share({ linkId: links.b.id, password: 'correct-horse-1' });
    const ip = nextIp();
    expect((await publicCall(token, { ip })).body).toEqual({ statusCode: 401, message: 'This shared page needs its password (X-Share-Password).' });
    expect((await publicCall(token, { ip, password: 'correct-horse-1' })).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await publicCall(token, { ip, password: `wrong-${i}-password` })).body).toEqual({
        statusCode: 401,
        message: 'The password is not right.',
      });
    }
    const locked = await publicCall(token, { ip, password: 'correct-horse-1' });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address still opens it (the page's own limit is 20 tries from all addresses).
    const other = await publicCall(token, { password: 'correct-horse-1' });
    expect(other.status).toBe(200);
    expect(other.body.totalClicks).toBe((await direct([links.b.id])).total);
    // The hash is argon2id and in no event.
    const [{ hash }] = await api.dataSource.query<{ hash: string }[]>(
      'SELECT hash FROM share_passwords p JOIN shares s ON s.password_id = p.id WHERE s.token_hash = $1',
      [createHash('sha256').update(token).digest('hex')],
    );
    expect(hash.startsWith('$argon2id$')).toBe(true);
    const [{ n }] = await api.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM events WHERE stream_type = 'Share' AND (data::text LIKE '%argon2%' OR data::text LIKE '%correct-horse%')`,
    );
    expect(n).toBe(0);
  });

  it('an expired share is a 404 once its time has passed', async () => {
    const { token } = await share({ linkId: links.a.id, expiresAt: new Date(Date.now() + 3000).toISOString() });
    expect((await publicCall(token)).status).toBe(200);
    await until(async () => (await publicCall(token)).status === 404, { ms: 20_000, pollMs: 500 });
    expect((await publicCall(token)).body).toEqual(GONE);
  });

  it('revoked, unknown and malformed tokens are the same 404; a deleted link takes its shares with it', async () => {
    const { id, token } = await share({ linkId: links.c.id });
    expect((await publicCall(token)).status).toBe(200);
    expect((await api.call('DELETE', q(`/api/shares/${id}`), { session: owner })).status).toBe(200);
    expect((await publicCall(token)).body).toEqual(GONE);
    expect((await publicCall('A'.repeat(43))).body).toEqual(GONE);
    expect((await publicCall('short')).body).toEqual(GONE);

    const other = await share({ linkId: links.c.id });
    expect((await publicCall(other.token)).status).toBe(200);
    expect((await api.call('DELETE', q(`/api/links/${links.c.id}`), { session: owner })).status).toBe(200);
    expect((await publicCall(other.token)).body).toEqual(GONE);
    expect((await api.call('GET', q('/api/shares'), { session: owner })).body.map((s: { id: string }) => s.id)).not.toContain(other.id);
  });

  it('a projection rebuild keeps live shares (with their passwords) and revoked ones gone', async () => {
    const kept = await share({ tag: 'spring', password: 'kept-after-rebuild' });
    const revoked = await share({ linkId: links.a.id });
    expect((await api.call('DELETE', q(`/api/shares/${revoked.id}`), { session: editor })).status).toBe(200);
    const before = (await api.call('GET', q('/api/shares'), { session: viewer })).body;
    expect((await api.call('POST', '/api/admin/system/rebuild-projections', { session: await adminSession(api) })).status).toBe(200);
    expect((await api.call('GET', q('/api/shares'), { session: viewer })).body).toEqual(before);
    expect((await publicCall(kept.token, { password: 'kept-after-rebuild' })).status).toBe(200);
    expect((await publicCall(revoked.token)).body).toEqual(GONE);
  });

  it('bad ranges are a 400, not a 500', async () => {
    const { token } = await share({ linkId: links.a.id });
    for (const query of ['startDate=2026-13-01&endDate=2026-13-02', 'timeZone=Mars/Olympus', 'startDate=2020-01-01&endDate=2026-01-01']) {
      const res = await publicCall(token, { query });
      expect([query, res.status]).toEqual([query, 400]);
    }
  });

  it('answers 60 requests per address and minute, then 429 with Retry-After', async () => {
    const ip = nextIp();
    const unknown = 'B'.repeat(43);
    for (let i = 0; i < 60; i++) expect((await publicCall(unknown, { ip })).status).toBe(404);
    const limited = await publicCall(unknown, { ip });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many requests for shared pages from your address; please wait \d+ seconds\.$/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await publicCall(unknown)).status).toBe(404); // another address is not limited
  });
});
