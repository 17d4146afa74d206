import type { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { createRequire } from 'node:module';
import type jsQRType from 'jsqr';
import { PNG } from 'pngjs';
import { createLogger } from '@app/config';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { adminSession, approvedUser } from '../helpers/auth.js';
import type { Redirector } from '../../apps/redirector/app.js';
import { startApiRedirectors, visitAs, type Reply } from './redirector-fixture.js';
import { startClickWorker } from '../../apps/worker/click-worker.js';
import { addVerifiedDomain } from '../helpers/domains.js';

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** jsqr is a CommonJS bundle whose typings declare an ES default export. */
const jsQR = createRequire(import.meta.url)('jsqr') as (typeof jsQRType)['default'];
const GB_IP = '81.2.69.160'; // GeoLite2 test address: GB
const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
const RANGE = `startDate=${day(-1)}&endDate=${day(1)}`;

const visit = visitAs(CHROME_WINDOWS);

/** Link controls (docs/product.md#link-controls) end to end: API, event store, read model, two redirectors, worker, analytics. */
describe('link controls', () => {
  let api: TestApi;
  let alice: string;
  let bob: string;
  let r1: Redirector;
  let r2: Redirector;
  let worker: Worker;
  let workerRedis: Redis;

  beforeAll(async () => {
    api = await startTestApi({ SHORT_BASE_URL: 'http://lp.test' });
    alice = (await approvedUser(api, 'alice')).sessionId;
    bob = (await approvedUser(api, 'bob')).sessionId;
    [r1, r2] = await startApiRedirectors(api, 2, 'link-controls-test');
    const log = createLogger('link-controls-test', 'error');
    workerRedis = new Redis(api.config.redisUrl, { maxRetriesPerRequest: null });
    worker = startClickWorker({ config: api.config, dataSource: api.dataSource, redis: workerRedis, log });
  });
  afterAll(async () => {
    await worker?.close();
    workerRedis?.disconnect();
    await r1?.close(2000);
    await r2?.close(2000);
    await api?.close();
  });

  const create = (body: Record<string, unknown>, session = alice) => api.call('POST', '/api/links', { body, session });
  const link = async (body: Record<string, unknown>) => {
    const res = await create(body);
    if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: string; shortCode: string; shortUrl: string; [k: string]: unknown };
  };
  const waitClickCount = async (id: string, n: number) => {
    const end = Date.now() + 10_000;
    while ((await clickCount(id)) < n && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  };
  const clickCount = async (id: string) => (await api.call('GET', `/api/links/${id}`, { session: alice })).body.clickCount as number;
  /** Waits until every click the redirectors minted is stored by the worker (bot ones included). */
  const storedClicks = async (id: string, n: number) => {
    const end = Date.now() + 10_000;
    for (;;) {
      const [row] = await api.dataSource.query('SELECT count(*)::int AS n FROM clicks WHERE link_id = $1', [id]);
      if (row.n >= n) return row.n as number;
      if (Date.now() > end) throw new Error(`only ${row.n} of ${n} clicks stored`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it('creates a link with every field, returns them (never the password), and GET /api/links/{id} agrees', async () => {
    const body = {
      originalUrl: 'https://example.com/all',
      expiresAt: '2099-01-01T00:00:00.000Z',
      expiredUrl: 'https://example.com/over',
      maxClicks: 100,
      password: 'open-sesame',
      redirectType: 307,
      rules: [{ type: 'country', values: ['gb'], url: 'https://example.co.uk/' }],
      variants: [
        { url: 'https://example.com/a', weight: 30 },
        { url: 'https://example.com/b', weight: 70 },
      ],
      utm: { source: 'news', campaign: 'spring' },
      tags: ['spring', 'news'],
    };
    const res = await create(body);
    expect(res.status).toBe(201);
    const expected = {
      expiresAt: '2099-01-01T00:00:00.000Z',
      expiredUrl: 'https://example.com/over',
      maxClicks: 100,
      hasPassword: true,
      redirectType: 307,
      rules: [{ type: 'country', values: ['GB'], url: 'https://example.co.uk/' }],
      variants: body.variants,
      utm: { source: 'news', campaign: 'spring' },
      tags: ['spring', 'news'],
    };
    expect(res.body).toMatchObject(expected);
    expect(res.body).not.toHaveProperty('password');
    const one = await api.call('GET', `/api/links/${res.body.id}`, { session: alice });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject(expected);
    const list = await api.call('GET', '/api/links', { session: alice });
    expect(list.body.find((l: { id: string }) => l.id === res.body.id)).toMatchObject(expected);
    // Neither the password nor its hash in any response or event payload; the hash is argon2id.
    const events = await api.dataSource.query(`SELECT data::text AS data FROM events WHERE stream_id = $1`, [res.body.id]);
    expect(events.length).toBe(2);
    for (const text of [
      JSON.stringify(res.body),
      JSON.stringify(one.body),
      JSON.stringify(list.body),
      ...events.map((e: { data: string }) => e.data),
    ]) {
      expect(text).not.toContain('open-sesame');
      expect(text).not.toContain('$argon2');
    }
    const [hashRow] = await api.dataSource.query('SELECT hash FROM link_passwords WHERE link_id = $1', [res.body.id]);
    expect(hashRow.hash).toMatch(/^\$argon2id\$/);
    // A plain link carries the defaults.
    const plain = await link({ originalUrl: 'https://example.com/plain' });
    expect(plain).toMatchObject({
      expiresAt: null,
      expiredUrl: null,
      maxClicks: null,
      hasPassword: false,
      redirectType: 302,
      rules: [],
      variants: null,
      utm: null,
      tags: [],
    });
  });

  it('PUT: an absent field stays, null removes it; a bad value is a 400 naming field and rule and changes nothing', async () => {
    const l = await link({ originalUrl: 'https://example.com/put', maxClicks: 3, tags: ['a'], utm: { source: 'x' }, password: 'pass1234' });
    const put = (body: Record<string, unknown>) =>
      api.call('PUT', `/api/links/${l.id}`, { body: { name: 'Put', originalUrl: 'https://example.com/put', ...body }, session: alice });
    let res = await put({ tags: ['a', 'b'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ maxClicks: 3, tags: ['a', 'b'], utm: { source: 'x' }, hasPassword: true });
    res = await put({ maxClicks: null, utm: null, password: null });
    expect(res.body).toMatchObject({ maxClicks: null, utm: null, tags: ['a', 'b'], hasPassword: false });

    const cases: [Record<string, unknown>, string][] = [
      [{ maxClicks: 0 }, 'maxClicks'],
      [{ maxClicks: 1.5 }, 'maxClicks'],
      [{ expiresAt: 'tomorrow' }, 'expiresAt'],
      [{ expiredUrl: 'ftp://x.example' }, 'expiredUrl'],
      [{ password: 'abc' }, 'password'],
      [{ redirectType: 303 }, 'redirectType'],
      [{ rules: [{ type: 'city', values: ['x'], url: 'https://e.example' }] }, 'rules[0].type'],
      [{ rules: [{ type: 'os', values: ['BeOS'], url: 'https://e.example' }] }, 'rules[0].values[0]'],
      [{ rules: [{ type: 'country', values: ['GB'], url: 'http://lp.test/s/abc' }] }, 'rules[0].url'],
      [{ rules: Array.from({ length: 21 }, () => ({ type: 'device', values: ['mobile'], url: 'https://e.example' })) }, 'rules'],
      [{ variants: [{ url: 'https://a.example', weight: 50 }] }, 'variants'],
      [
        {
          variants: [
            { url: 'https://a.example', weight: 50 },
            { url: 'https://b.example', weight: 40 },
          ],
        },
        'sum to 100',
      ],
      [{ utm: { source: 'x'.repeat(101) } }, 'utm.source'],
      [{ utm: { sauce: 'x' } }, 'utm.sauce'],
      [{ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'tags'],
      [{ tags: ['x'.repeat(33)] }, 'tags[0]'],
    ];
    for (const [body, field] of cases) {
      res = await put({ ...body, tags: body.tags ?? ['changed'] });
      expect([res.status, res.body.message]).toEqual([400, expect.stringContaining(field)]);
    }
    const now = await api.call('GET', `/api/links/${l.id}`, { session: alice });
    expect(now.body).toMatchObject({ name: 'Put', tags: ['a', 'b'], maxClicks: null });
    expect((await create({ originalUrl: 'https://example.com/bad', maxClicks: -1 })).status).toBe(400);
  });

  it('lists links by tag and the caller’s tags with counts; another user’s link, QR and tags are 404 / absent', async () => {
    const a = await link({ originalUrl: 'https://example.com/t1', tags: ['promo', 'q4'] });
    await link({ originalUrl: 'https://example.com/t2', tags: ['promo'] });
    await api.call('POST', '/api/links', { body: { originalUrl: 'https://example.com/bob', tags: ['promo', 'bobs'] }, session: bob });
    const byTag = await api.call('GET', '/api/links?tag=q4', { session: alice });
    expect(byTag.body.map((l: { id: string }) => l.id)).toEqual([a.id]);
    expect((await api.call('GET', '/api/links?tag=promo', { session: alice })).body).toHaveLength(2);
    const tags = await api.call('GET', '/api/tags', { session: alice });
    expect(tags.body).toEqual(
      expect.arrayContaining([
        { tag: 'promo', linkCount: 2 },
        { tag: 'q4', linkCount: 1 },
      ]),
    );
    expect(tags.body.some((t: { tag: string }) => t.tag === 'bobs')).toBe(false);
    expect((await api.call('GET', `/api/links/${a.id}`, { session: bob })).status).toBe(404);
    expect((await api.call('GET', `/api/links/${a.id}/qr`, { session: bob })).status).toBe(404);
    expect((await api.call('GET', '/api/links/not-a-uuid', { session: alice })).status).toBe(404);
  });

  it('maxClicks 5: 30 concurrent visits over two redirectors give exactly 5 redirects, 25 refusals and 5 clicks', async () => {
    const l = await link({ originalUrl: 'https://example.com/limited', maxClicks: 5 });
    const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => visit(i % 2 ? r1.port : r2.port, `/s/${l.shortCode}`)));
    expect(replies.filter((r) => r.status === 302)).toHaveLength(5);
    const refused = replies.filter((r) => r.status === 410);
    expect(refused).toHaveLength(25);
    expect(refused[0].body).toContain('This link has expired');
    await storedClicks(l.id, 5);
    expect(await clickCount(l.id)).toBe(5);
    // A HEAD never takes a use; with expiredUrl the used-up link sends visitors there.
    const other = await link({ originalUrl: 'https://example.com/one', maxClicks: 1, expiredUrl: 'https://example.com/sold-out' });
    expect((await visit(r1.port, `/s/${other.shortCode}`, { method: 'HEAD' })).status).toBe(302);
    expect((await visit(r1.port, `/s/${other.shortCode}`)).headers.location).toBe('https://example.com/one');
    expect((await visit(r2.port, `/s/${other.shortCode}`)).headers.location).toBe('https://example.com/sold-out');
    // A limit set on a link that already has clicks counts them (the counter starts from the stored clicks).
    const later = await link({ originalUrl: 'https://example.com/later' });
    for (let i = 0; i < 3; i++) await visit(i % 2 ? r1.port : r2.port, `/s/${later.shortCode}`);
    await storedClicks(later.id, 3);
    await waitClickCount(later.id, 3);
    await api.call('PUT', `/api/links/${later.id}`, {
      body: { name: 'Later', originalUrl: 'https://example.com/later', maxClicks: 4 },
      session: alice,
    });
    // Both redirectors have dropped (or re-read) the cached link once the change is published.
    const end = Date.now() + 3000;
    const fresh = (r: Redirector) => {
      const cached = r.resolver.cached('_', later.shortCode);
      return cached === undefined || cached?.x?.maxClicks === 4;
    };
    while (Date.now() < end && !(fresh(r1) && fresh(r2))) await new Promise((r) => setTimeout(r, 20));
    const afterLimit = await Promise.all(Array.from({ length: 6 }, (_, i) => visit(i % 2 ? r1.port : r2.port, `/s/${later.shortCode}`)));
    expect(afterLimit.filter((r) => r.status === 302)).toHaveLength(1);
  });

  it('switches to expired within a second of expiresAt', async () => {
    const expiresAt = new Date(Date.now() + 1500);
    const l = await link({ originalUrl: 'https://example.com/soon', expiresAt: expiresAt.toISOString() });
    expect((await visit(r1.port, `/s/${l.shortCode}`)).status).toBe(302);
    await new Promise((r) => setTimeout(r, Math.max(0, expiresAt.getTime() - Date.now() + 20)));
    const after = await visit(r1.port, `/s/${l.shortCode}`);
    expect(after.status).toBe(410);
    expect(after.body).toContain('This link has expired');
    // Moving expiresAt later brings it back (the caches follow the change).
    await api.call('PUT', `/api/links/${l.id}`, { body: { name: 'Soon', originalUrl: 'https://example.com/soon', expiresAt: null }, session: alice });
    const end = Date.now() + 2000;
    let status = 0;
    while (Date.now() < end && (status = (await visit(r2.port, `/s/${l.shortCode}`)).status) !== 302) await new Promise((r) => setTimeout(r, 20));
    expect(status).toBe(302);
  });

  it('password: form for visitors and crawlers, 401 when wrong, 429 after 5 wrong tries, 302 and one click when right', async () => {
    const l = await link({ originalUrl: 'https://example.com/secret', password: 'right-one', ogTitle: 'Secret preview' });
    const form = await visit(r1.port, `/s/${l.shortCode}`);
    expect(form.status).toBe(200);
    expect(form.body).toContain('name="password"');
    expect(form.body).toContain('LinkPulse');
    const crawler = await visit(r1.port, `/s/${l.shortCode}`, { headers: { 'user-agent': 'facebookexternalhit/1.1' } });
    expect(crawler.status).toBe(200);
    expect(crawler.body).toContain('name="password"');
    expect(crawler.body).not.toContain('example.com/secret');
    expect(crawler.body).not.toContain('Secret preview');
    // The public by-code lookup (web fallback) never reveals a controlled link's destination.
    expect((await api.call('GET', `/api/links/by-code/${l.shortCode}`)).status).toBe(404);

    const ip = { 'x-forwarded-for': '203.0.113.7' };
    for (let i = 0; i < 5; i++) {
      const wrong = await visit(i % 2 ? r1.port : r2.port, `/s/${l.shortCode}`, { method: 'POST', form: 'password=nope', headers: ip });
      expect([wrong.status, wrong.body.includes('Incorrect password')]).toEqual([401, true]);
    }
    const limited = await visit(r1.port, `/s/${l.shortCode}`, { method: 'POST', form: 'password=right-one', headers: ip });
    expect(limited.status).toBe(429);
    // Another IP is not limited; the right password redirects (one click).
    const right = await visit(r2.port, `/s/${l.shortCode}`, {
      method: 'POST',
      form: 'password=right-one',
      headers: { 'x-forwarded-for': '203.0.113.8' },
    });
    expect([right.status, right.headers.location]).toEqual([302, 'https://example.com/secret']);
    await storedClicks(l.id, 1);
    expect(await clickCount(l.id)).toBe(1);
    expect((await visit(r1.port, `/s/${l.shortCode}`, { method: 'POST', form: 'password=x' + 'y'.repeat(5000) })).status).toBe(401);

    // The same page on a custom domain, posting to the same path.
    const domain = await addVerifiedDomain(api, alice, 'go.secret-brand.test');
    const onDomain = await link({ originalUrl: 'https://example.com/brand-secret', password: 'brand-pass', domainId: domain.id });
    const host = { host: 'go.secret-brand.test', 'x-forwarded-for': '203.0.113.9' };
    const brandForm = await visit(r1.port, `/${onDomain.shortCode}`, { headers: host });
    expect([brandForm.status, brandForm.body.includes('name="password"')]).toEqual([200, true]);
    expect((await visit(r2.port, `/${onDomain.shortCode}`, { method: 'POST', form: 'password=nope', headers: host })).status).toBe(401);
    const brandRight = await visit(r2.port, `/${onDomain.shortCode}`, { method: 'POST', form: 'password=brand-pass', headers: host });
    expect([brandRight.status, brandRight.headers.location]).toEqual([302, 'https://example.com/brand-secret']);
  });

  it('splits 50/50 within statistical bounds over 400 visits, sticky per visitor, and analytics split per variant', async () => {
    const l = await link({
      originalUrl: 'https://example.com/ab',
      variants: [
        { url: 'https://example.com/a', weight: 50 },
        { url: 'https://example.com/b', weight: 50 },
      ],
    });
    const counts: Record<string, number> = {};
    const cookies: Record<string, string> = {};
    for (let i = 0; i < 400; i += 20) {
      const batch = await Promise.all(Array.from({ length: 20 }, (_, j) => visit((i + j) % 2 ? r1.port : r2.port, `/s/${l.shortCode}`)));
      for (const r of batch) {
        const loc = String(r.headers.location);
        counts[loc] = (counts[loc] ?? 0) + 1;
        cookies[loc] = String(r.headers['set-cookie']).split(';')[0];
      }
    }
    // Binomial(400, 0.5): sd 10; ±50 is 5 sd (false failure odds below 1e-6).
    expect(counts['https://example.com/a']).toBeGreaterThanOrEqual(150);
    expect(counts['https://example.com/a']).toBeLessThanOrEqual(250);
    expect(counts['https://example.com/a'] + counts['https://example.com/b']).toBe(400);
    expect(cookies['https://example.com/b']).toBe(`lp_v_${l.shortCode}=1`);
    for (let i = 0; i < 10; i++) {
      const again = await visit(i % 2 ? r1.port : r2.port, `/s/${l.shortCode}`, { headers: { cookie: `x=1; ${cookies['https://example.com/b']}` } });
      expect(again.headers.location).toBe('https://example.com/b');
      expect(again.headers['set-cookie']).toBeUndefined();
    }
    await storedClicks(l.id, 410);
    const analytics = await api.call('GET', `/api/links/${l.id}/analytics?${RANGE}`, { session: alice });
    expect(analytics.status).toBe(200);
    expect(analytics.body.variantSplit).toEqual([
      { variant: 0, url: 'https://example.com/a', weight: 50, clicks: counts['https://example.com/a'] },
      { variant: 1, url: 'https://example.com/b', weight: 50, clicks: counts['https://example.com/b'] + 10 },
    ]);
  });

  it('rules by country, device, OS and language (first match wins), else originalUrl; utm merged into the query', async () => {
    const l = await link({
      originalUrl: 'https://example.com/default?keep=1&utm_source=old',
      rules: [
        { type: 'country', values: ['GB'], url: 'https://example.co.uk/?x=1' },
        { type: 'device', values: ['mobile'], url: 'https://m.example.com/' },
        { type: 'os', values: ['Windows'], url: 'https://win.example.com/' },
        { type: 'language', values: ['de'], url: 'https://example.de/' },
      ],
      utm: { source: 'news', medium: 'email' },
    });
    const go = async (headers: Record<string, string>) => new URL(String((await visit(r1.port, `/s/${l.shortCode}`, { headers })).headers.location));
    const gb = await go({ 'x-forwarded-for': GB_IP, 'user-agent': IPHONE });
    expect(gb.origin + gb.pathname).toBe('https://example.co.uk/');
    expect(Object.fromEntries(gb.searchParams)).toEqual({ x: '1', utm_source: 'news', utm_medium: 'email' });
    expect((await go({ 'user-agent': IPHONE })).host).toBe('m.example.com');
    expect((await go({ 'user-agent': CHROME_WINDOWS })).host).toBe('win.example.com');
    expect((await go({ 'user-agent': CHROME_LINUX, 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' })).host).toBe('example.de');
    const fallback = await go({ 'user-agent': CHROME_LINUX, 'accept-language': 'fr-FR' });
    expect(fallback.origin + fallback.pathname).toBe('https://example.com/default');
    expect(Object.fromEntries(fallback.searchParams)).toEqual({ keep: '1', utm_source: 'news', utm_medium: 'email' });
  });

  it('redirect type, bots left out of clickCount (botClicks), QR scans counted, HEAD never a click', async () => {
    const l = await link({ originalUrl: 'https://example.com/typed', redirectType: 301 });
    expect((await visit(r1.port, `/s/${l.shortCode}`)).status).toBe(301);
    await visit(r2.port, `/s/${l.shortCode}`, { headers: { 'user-agent': GOOGLEBOT } });
    await visit(r1.port, `/s/${l.shortCode}?qr=1`);
    await visit(r1.port, `/s/${l.shortCode}`, { method: 'HEAD' });
    await storedClicks(l.id, 3);
    expect(await clickCount(l.id)).toBe(2);
    const analytics = await api.call('GET', `/api/links/${l.id}/analytics?${RANGE}`, { session: alice });
    expect(analytics.body).toMatchObject({ totalClicks: 2, botClicks: 1, qrScans: 1, variantSplit: [] });
    expect(analytics.body.clicks).toHaveLength(2);
    // A plain link: bots are stored but not counted either.
    const plain = await link({ originalUrl: 'https://example.com/plain-bot' });
    await visit(r1.port, `/s/${plain.shortCode}`, { headers: { 'user-agent': GOOGLEBOT } });
    await visit(r1.port, `/s/${plain.shortCode}?qr=1`);
    await storedClicks(plain.id, 2);
    expect(await clickCount(plain.id)).toBe(1);
  });

  it('a projection rebuild from the events restores every control, and the password (hash kept outside events) still works', async () => {
    const l = await link({
      originalUrl: 'https://example.com/rebuilt',
      password: 'kept-after-rebuild',
      tags: ['rebuilt'],
      redirectType: 308,
      utm: { source: 'r' },
    });
    await api.call('PUT', `/api/links/${l.id}`, {
      body: { name: 'Rebuilt', originalUrl: 'https://example.com/rebuilt', tags: ['rebuilt', 'twice'], utm: null },
      session: alice,
    });
    const before = (await api.call('GET', `/api/links/${l.id}`, { session: alice })).body;
    const rebuild = await api.call('POST', '/api/admin/system/rebuild-projections', { session: await adminSession(api) });
    expect(rebuild.status).toBe(200);
    const after = (await api.call('GET', `/api/links/${l.id}`, { session: alice })).body;
    expect(after).toMatchObject({ hasPassword: true, tags: ['rebuilt', 'twice'], redirectType: 308, utm: null });
    expect(after).toEqual({ ...before, clicksToday: after.clicksToday, clickCount: after.clickCount, lastClick: after.lastClick });
    const end = Date.now() + 2000;
    let right: Reply;
    do
      right = await visit(r1.port, `/s/${l.shortCode}`, {
        method: 'POST',
        form: 'password=kept-after-rebuild',
        headers: { 'x-forwarded-for': '198.51.100.9' },
      });
    while (right.status !== 302 && Date.now() < end);
    expect([right.status, right.headers.location]).toEqual([302, 'https://example.com/rebuilt']);
  });

  it('QR code: SVG by default, PNG decodes back to the short URL with ?qr=1, bad size/format is 400', async () => {
    const l = await link({ originalUrl: 'https://example.com/qr' });
    const svg = await fetch(`${api.baseUrl}/api/links/${l.id}/qr`, { headers: { authorization: `Bearer ${alice}` } });
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(await svg.text()).toContain('<svg');
    const png = await fetch(`${api.baseUrl}/api/links/${l.id}/qr?format=png&size=256`, { headers: { authorization: `Bearer ${alice}` } });
    expect(png.headers.get('content-type')).toBe('image/png');
    const image = PNG.sync.read(Buffer.from(await png.arrayBuffer()));
    expect([image.width, image.height]).toEqual([256, 256]);
    const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
    expect(decoded?.data).toBe(`${l.shortUrl}?qr=1`);
    for (const q of ['size=127', 'size=2049', 'size=abc', 'format=gif']) {
      const bad = await api.call('GET', `/api/links/${l.id}/qr?${q}`, { session: alice });
      expect([bad.status, bad.body.message]).toEqual([400, expect.stringMatching(/^(size|format):/)]);
    }
  });
});
