import type { Redis } from 'ioredis';
import { connectRedis } from '@app/queue';
import { DEFAULT_HOST_KEY, redisKeys } from '@app/contracts';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { adminSession, approvedUser } from '../helpers/auth.js';
import { addVerifiedDomain } from '../helpers/domains.js';

/** Links api against the real Postgres, Redis and event store: rules, ownership, the redirector's cache. */
describe('links api', () => {
  let api: TestApi;
  let alice: string;
  let bob: string;
  let admin: string;
  let subscriber: Redis;
  const messages: { host: string; code: string }[] = [];
  const keys = () => redisKeys(api.config.redisPrefix);

  beforeAll(async () => {
    api = await startTestApi({ SHORT_BASE_URL: 'http://lp.test' });
    admin = await adminSession(api);
    alice = (await approvedUser(api, 'alice')).sessionId;
    bob = (await approvedUser(api, 'bob')).sessionId;
    subscriber = await connectRedis(api.config.redisUrl);
    await subscriber.subscribe(keys().invalidationChannel);
    subscriber.on('message', (_channel, message) => messages.push(JSON.parse(message)));
  });
  afterAll(async () => {
    await subscriber?.quit();
    await api?.close();
  });

  const create = (session: string, body: Record<string, unknown>) => api.call('POST', '/api/links', { body, session });
  const waitForMessage = async (host: string, code: string) => {
    for (let i = 0; i < 100 && !messages.some((m) => m.host === host && m.code === code); i++) await new Promise((r) => setTimeout(r, 20));
    return messages.filter((m) => m.host === host && m.code === code).length;
  };

  it('creates a link with a generated 8-character code, a default name and a short URL', async () => {
    const res = await create(alice, { originalUrl: 'https://example.org/a' });
    expect(res.status).toBe(201);
    expect(res.body.shortCode).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(res.body).toMatchObject({
      name: 'Untitled Link',
      originalUrl: 'https://example.org/a',
      domain: null,
      domainId: null,
      shortUrl: `http://lp.test/s/${res.body.shortCode}`,
      clickCount: 0,
      clicksToday: 0,
      lastClick: null,
    });
    expect(res.body.ownerUsername).toBeUndefined();
  });

  it('keeps a custom code, refuses it twice on the same domain (409), reserved words only on custom domains, and bad codes (400)', async () => {
    const first = await create(alice, { originalUrl: 'https://example.org/sale', name: '  Spring sale  ', shortCode: 'spring-sale' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ shortCode: 'spring-sale', name: 'Spring sale', shortUrl: 'http://lp.test/s/spring-sale' });
    const again = await create(bob, { originalUrl: 'https://example.org/other', shortCode: 'spring-sale' });
    expect(again).toMatchObject({ status: 409, body: { statusCode: 409, message: 'That short code is already taken on this domain' } });
    // The default host serves every link at /s/{code}: no word collides there, and 1–2 characters are codes too.
    for (const code of ['api', 'ADMIN', 'healthz', 'a', 'Z9']) {
      const res = await create(alice, { originalUrl: 'https://example.org/x', shortCode: code });
      expect(res.status).toBe(201);
      expect(res.body.shortUrl).toBe(`http://lp.test/s/${code}`);
    }
    // On a custom domain a link is /{code}: the paths the redirector and the app answer themselves are refused there.
    const domain = await addVerifiedDomain(api, alice, 'reserved-words.example');
    for (const code of ['api', 'ADMIN', 'Dashboard', 'healthz', 'HealthZ', 's']) {
      const res = await create(alice, { originalUrl: 'https://example.org/x', shortCode: code, domainId: domain.id });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`"${code}" is reserved by the service; please choose another short code.`);
    }
    expect((await create(alice, { originalUrl: 'https://example.org/x', shortCode: 'x', domainId: domain.id })).status).toBe(201);
    for (const code of ['has space', 'a/b', 'x'.repeat(65), 'ünï', 'a.b']) {
      const res = await create(alice, { originalUrl: 'https://example.org/x', shortCode: code });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Short codes use 1 to 64 letters, digits, hyphens or underscores.');
    }
  });

  it('refuses addresses that are not absolute http(s), carry credentials, or point at our own hosts', async () => {
    const cases: [unknown, string][] = [
      ['javascript:alert(1)', 'Only http:// and https:// addresses can be shortened.'],
      ['data:text/html,<script>alert(1)</script>', 'Only http:// and https:// addresses can be shortened.'],
      ['ftp://example.org/file', 'Only http:// and https:// addresses can be shortened.'],
      ['example.org/no-scheme', 'Please enter a valid URL'],
      ['', 'Please enter a valid URL'],
      [42, 'Please enter a valid URL'],
      ['https://user:pass@example.org/', 'Addresses with a user name or password in them cannot be shortened.'],
      ['http://lp.test/s/abc', 'A short link cannot point at another short link of this service.'],
      ['HTTP://LP.TEST./s/abc', 'A short link cannot point at another short link of this service.'],
      [`https://example.org/${'a'.repeat(2040)}`, 'The address is too long (at most 2048 characters).'],
    ];
    for (const [originalUrl, message] of cases) {
      const res = await create(alice, { originalUrl });
      expect({ originalUrl, status: res.status, message: res.body.message }).toEqual({ originalUrl, status: 400, message });
    }
    const unknownField = await create(alice, { originalUrl: 'https://example.org', isAdmin: true });
    expect(unknownField.status).toBe(400);
  });

  it('validates the social preview fields', async () => {
    expect((await create(alice, { originalUrl: 'https://example.org', ogImage: 'javascript:alert(1)' })).body).toEqual({
      statusCode: 400,
      message: 'The preview image must be an http:// or https:// address.',
    });
    expect((await create(alice, { originalUrl: 'https://example.org', ogTitle: 't'.repeat(201) })).status).toBe(400);
    expect((await create(alice, { originalUrl: 'https://example.org', ogDescription: 'd'.repeat(501) })).status).toBe(400);
    const ok = await create(alice, {
      originalUrl: 'https://example.org/og',
      ogTitle: 'Title',
      ogDescription: 'Desc',
      ogImage: 'https://example.org/i.png',
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ ogTitle: 'Title', ogDescription: 'Desc', ogImage: 'https://example.org/i.png' });
  });

  it("hides other users' links (404 on PUT/DELETE, absent from lists) and shows admins every link with its owner", async () => {
    const link = (await create(alice, { originalUrl: 'https://example.org/private', shortCode: 'alice-private' })).body;
    expect((await api.call('PUT', `/api/links/${link.id}`, { session: bob, body: { name: 'x', originalUrl: 'https://evil.example' } })).status).toBe(
      404,
    );
    expect((await api.call('DELETE', `/api/links/${link.id}`, { session: bob })).status).toBe(404);
    expect((await api.call('DELETE', '/api/links/not-a-uuid', { session: bob })).status).toBe(404);
    expect((await api.call('PUT', '/api/links/not-a-uuid', { session: bob, body: { name: 'x', originalUrl: 'https://e.org' } })).status).toBe(404);
    const bobs = (await api.call('GET', '/api/links', { session: bob })).body;
    expect(bobs.map((l: { id: string }) => l.id)).not.toContain(link.id);
    expect((await api.call('GET', '/api/links')).status).toBe(401);

    const all = (await api.call('GET', '/api/links', { session: admin })).body as { id: string; ownerUsername: string }[];
    expect(all.find((l) => l.id === link.id)?.ownerUsername).toBe('alice');
    expect(all.every((l) => typeof l.ownerUsername === 'string' && l.ownerUsername.length > 0)).toBe(true);
    const adminEdit = await api.call('PUT', `/api/links/${link.id}`, {
      session: admin,
      body: { name: 'Moderated', originalUrl: 'https://example.org/ok' },
    });
    expect(adminEdit.status).toBe(200);
    expect(adminEdit.body).toMatchObject({ name: 'Moderated', ownerUsername: 'alice' });
  });

  it('edits name and URL (name required), the short code stays', async () => {
    const link = (await create(alice, { originalUrl: 'https://example.org/v1', shortCode: 'edit-me' })).body;
    const res = await api.call('PUT', `/api/links/${link.id}`, { session: alice, body: { name: 'Renamed', originalUrl: 'https://example.org/v2' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: link.id, name: 'Renamed', originalUrl: 'https://example.org/v2', shortCode: 'edit-me' });
    const blank = await api.call('PUT', `/api/links/${link.id}`, { session: alice, body: { name: '  ', originalUrl: 'https://example.org/v2' } });
    expect(blank.body).toEqual({ statusCode: 400, message: 'Please enter a link name.' });
    const code = await api.call('PUT', `/api/links/${link.id}`, {
      session: alice,
      body: { name: 'a', originalUrl: 'https://e.org', shortCode: 'new' },
    });
    expect(code.status).toBe(400);
    const cached = JSON.parse((await api.redis.get(keys().link(DEFAULT_HOST_KEY, 'edit-me')))!);
    expect(cached.url).toBe('https://example.org/v2');
  });

  it('writes the redirector cache on create, publishes invalidations, and clears both on delete', async () => {
    await api.redis.set(keys().linkMiss(DEFAULT_HOST_KEY, 'cache-me'), '1');
    const link = (await create(alice, { originalUrl: 'https://example.org/cached', shortCode: 'cache-me', ogTitle: 'T' })).body;
    expect(JSON.parse((await api.redis.get(keys().link(DEFAULT_HOST_KEY, 'cache-me')))!)).toEqual({
      id: link.id,
      url: 'https://example.org/cached',
      ogTitle: 'T',
      ogDescription: null,
      ogImage: null,
    });
    expect(await api.redis.exists(keys().linkMiss(DEFAULT_HOST_KEY, 'cache-me'))).toBe(0);
    expect(await waitForMessage(DEFAULT_HOST_KEY, 'cache-me')).toBe(1);

    const del = await api.call('DELETE', `/api/links/${link.id}`, { session: alice });
    expect(del.status).toBe(200);
    expect(await api.redis.exists(keys().link(DEFAULT_HOST_KEY, 'cache-me'))).toBe(0);
    for (let i = 0; i < 100 && (await waitForMessage(DEFAULT_HOST_KEY, 'cache-me')) < 2; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await waitForMessage(DEFAULT_HOST_KEY, 'cache-me')).toBe(2);
    expect((await api.call('DELETE', `/api/links/${link.id}`, { session: alice })).status).toBe(404);
    // The code is free again.
    expect((await create(bob, { originalUrl: 'https://example.org/reuse', shortCode: 'cache-me' })).status).toBe(201);
  });

  it('answers the public by-code lookup on the default host', async () => {
    await create(alice, { originalUrl: 'https://example.org/public', shortCode: 'lookup-me' });
    const res = await api.call('GET', '/api/links/by-code/lookup-me');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ originalUrl: 'https://example.org/public', shortCode: 'lookup-me', domain: null });
    expect((await api.call('GET', '/api/links/by-code/nope-nope')).body).toEqual({ statusCode: 404, message: 'Link not found.' });
  });
});
