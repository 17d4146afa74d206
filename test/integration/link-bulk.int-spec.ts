import { io, type Socket } from 'socket.io-client';
import type { Redis } from 'ioredis';
import { createLogger } from '@app/config';
import { connectRedis } from '@app/queue';
import { LIVE_EVENT_BULK_ACTION, type BulkActionDto } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { approvedUser } from '../helpers/auth.js';
import { until } from '../helpers/until.js';
import { startLinkActionsWorker } from '../../apps/worker/link-actions-worker.js';

/**
 * Many links at once (docs/product.md#many-links): bulk create with per-index errors, and bulk actions run by the
 * worker's `link-actions` consumer (real BullMQ) over ids or a filter, with progress over REST and /live, one event
 * per changed link, others' links reported and never changed. Real Postgres, Redis, BullMQ and socket.io.
 */
describe('bulk create and bulk actions', () => {
  let api: TestApi;
  let worker: { close(): Promise<unknown> };
  let workerRedis: Redis;
  let alice: string;
  let bob: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    api = await startTestApi({ SHORT_BASE_URL: 'http://lp.test' });
    alice = (await approvedUser(api, 'alice')).sessionId;
    bob = (await approvedUser(api, 'bob')).sessionId;
    // the worker's own connection, as in the worker process (the api's has a per-command time limit)
    workerRedis = await connectRedis(api.config.redisUrl);
    worker = startLinkActionsWorker({
      config: api.config,
      dataSource: api.dataSource,
      redis: workerRedis,
      log: createLogger('test-worker', 'error'),
      store: api.app.get(EventStore),
    });
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await worker?.close();
    await workerRedis?.quit();
    await api?.close();
  });

  const bulk = (session: string, links: unknown) => api.call('POST', '/api/links/bulk', { session, body: { links } });
  const start = (session: string, body: Record<string, unknown>) => api.call('POST', '/api/links/bulk-actions', { session, body });
  const finished = async (session: string, id: string): Promise<BulkActionDto> => {
    let last: BulkActionDto | undefined;
    await until(
      async () => {
        last = (await api.call('GET', `/api/links/bulk-actions/${id}`, { session })).body;
        return last?.status === 'done' || last?.status === 'failed';
      },
      { ms: 120_000, pollMs: 100 },
    );
    return last!;
  };
  const run = async (session: string, body: Record<string, unknown>) => {
    const res = await start(session, body);
    expect(res.status).toBe(202);
    return finished(session, res.body.id);
  };
  const linksOf = async (session: string, query = 'archived=all') => (await api.call('GET', `/api/links?${query}`, { session })).body as any[];
  const eventCount = async (type: string, ids: string[]) =>
    (await api.dataSource.query(`SELECT count(*)::int AS n FROM events WHERE type = $1 AND stream_id = ANY($2::uuid[])`, [type, ids]))[0].n;

  it('creates the valid links of a bulk request and reports each invalid one by index, none half-made', async () => {
    await api.call('POST', '/api/links', { session: bob, body: { originalUrl: 'https://bob.example/', shortCode: 'taken-code' } });
    const res = await bulk(alice, [
      { originalUrl: 'https://example.org/one', name: 'One' },
      { originalUrl: 'javascript:alert(1)' },
      { originalUrl: 'https://example.org/two', shortCode: 'bulk-two', tags: ['promo'] },
      { originalUrl: 'https://example.org/three', shortCode: 'taken-code' },
      'https://example.org/not-an-object',
      { originalUrl: 'https://example.org/four', colour: 'red' },
      { originalUrl: 'https://example.org/five', tags: ['x'.repeat(40)] },
      { originalUrl: 42 },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.created.map((l: { name: string; shortCode: string }) => [l.name, l.shortCode])).toEqual([
      ['One', expect.stringMatching(/^[A-Za-z0-9]{8}$/)],
      ['Untitled Link', 'bulk-two'],
    ]);
    expect(res.body.created[1]).toMatchObject({ shortUrl: 'http://lp.test/s/bulk-two', tags: ['promo'], archived: false });
    expect(res.body.errors).toEqual([
      { index: 1, message: 'Only http:// and https:// addresses can be shortened.' },
      { index: 3, message: 'That short code is already taken on this domain' },
      { index: 4, message: 'Each link must be an object.' },
      { index: 5, message: 'property colour should not exist' },
      { index: 6, message: 'tags[0]: must be text of 1 to 32 characters.' },
      { index: 7, message: 'Please enter a valid URL' },
    ]);
    expect((await linksOf(alice)).map((l) => l.originalUrl).sort()).toEqual(['https://example.org/one', 'https://example.org/two']);
    // one link-created per created link, nothing for the refused ones
    const created = await api.dataSource.query(
      `SELECT count(*)::int AS n FROM events WHERE type = 'link-created' AND metadata->>'actorId' = (SELECT id::text FROM users WHERE username = 'alice')`,
    );
    expect(created[0].n).toBe(2);
  });

  it('refuses a bulk create that is not 1 to 1000 links with a 400 naming the field', async () => {
    const message = 'links must be a list of 1 to 1000 links.';
    for (const links of [[], 'x', Array.from({ length: 1001 }, (_, i) => ({ originalUrl: `https://example.org/${i}` }))]) {
      expect(await bulk(alice, links)).toMatchObject({ status: 400, body: { statusCode: 400, message } });
    }
  });

  it('runs each action over chosen ids: one event per changed link, none for a link already so', async () => {
    const made = (
      await bulk(
        alice,
        ['a', 'b', 'c'].map((c) => ({ originalUrl: `https://ids.example/${c}`, shortCode: `ids-${c}`, tags: c === 'a' ? ['keep'] : [] })),
      )
    ).body.created as { id: string }[];
    const ids = made.map((l) => l.id);
    const one = async (id: string) => (await api.call('GET', `/api/links/${id}`, { session: alice })).body;

    expect(await run(alice, { action: 'archive', ids: ids.slice(0, 2) })).toMatchObject({ status: 'done', total: 2, done: 2, failed: [] });
    expect([(await one(ids[0])).archived, (await one(ids[1])).archived, (await one(ids[2])).archived]).toEqual([true, true, false]);
    expect(await run(alice, { action: 'archive', ids })).toMatchObject({ total: 3, done: 3, failed: [] });
    expect(await eventCount('link-archive-changed', ids)).toBe(3);
    await run(alice, { action: 'unarchive', ids: [ids[0]] });
    expect((await one(ids[0])).archived).toBe(false);

    await run(alice, { action: 'addTags', ids, tags: ['spring', ' keep '] });
    expect((await one(ids[0])).tags).toEqual(['keep', 'spring']);
    expect((await one(ids[2])).tags).toEqual(['spring', 'keep']);
    await run(alice, { action: 'removeTags', ids, tags: ['keep'] });
    expect([(await one(ids[0])).tags, (await one(ids[1])).tags]).toEqual([['spring'], ['spring']]);

    await run(alice, { action: 'setExpiry', ids: ids.slice(1), expiresAt: '2030-01-01T00:00:00Z' });
    expect([(await one(ids[0])).expiresAt, (await one(ids[1])).expiresAt]).toEqual([null, '2030-01-01T00:00:00.000Z']);
    await run(alice, { action: 'setExpiry', ids, expiresAt: null });
    expect((await one(ids[1])).expiresAt).toBeNull();

    expect(await run(alice, { action: 'delete', ids: [ids[2]] })).toMatchObject({ total: 1, done: 1, failed: [] });
    expect((await api.call('GET', `/api/links/${ids[2]}`, { session: alice })).status).toBe(404);
    expect(await eventCount('link-deleted', ids)).toBe(1);
  });

  it('runs each action over a filter: exactly the matching links the caller may change', async () => {
    await bulk(alice, [
      { originalUrl: 'https://filter.example/promo-1', name: 'Promo one' },
      { originalUrl: 'https://filter.example/promo-2', name: 'Promo two' },
      { originalUrl: 'https://filter.example/other', name: 'Other' },
    ]);
    await api.call('POST', '/api/links', { session: bob, body: { originalUrl: 'https://filter.example/promo-bob', name: 'Promo bob' } });
    const promo = async (session = alice) => (await linksOf(session, 'search=promo&archived=all')).sort((a, b) => a.name.localeCompare(b.name));

    expect(await run(alice, { action: 'addTags', filter: { search: 'promo' }, tags: ['sale'] })).toMatchObject({ total: 2, done: 2, failed: [] });
    expect((await promo()).map((l) => [l.name, l.tags])).toEqual([
      ['Promo one', ['sale']],
      ['Promo two', ['sale']],
    ]);
    expect((await linksOf(alice, 'search=other'))[0].tags).toEqual([]);
    expect((await promo(bob))[0].tags).toEqual([]);

    expect(await run(alice, { action: 'archive', filter: { tag: 'sale' } })).toMatchObject({ total: 2, done: 2 });
    expect((await linksOf(alice, 'search=promo')).length).toBe(0);
    expect(await run(alice, { action: 'unarchive', filter: { search: 'promo', archived: 'true' } })).toMatchObject({ total: 2, done: 2 });
    expect(await run(alice, { action: 'removeTags', filter: { search: 'promo', archived: true }, tags: ['sale'] })).toMatchObject({ total: 0 });
    expect(await run(alice, { action: 'removeTags', filter: { search: 'promo' }, tags: ['sale'] })).toMatchObject({ total: 2, done: 2 });
    expect(await run(alice, { action: 'setExpiry', filter: { search: 'promo' }, expiresAt: '2031-06-01T12:00:00+02:00' })).toMatchObject({
      total: 2,
    });
    expect((await promo()).map((l) => l.expiresAt)).toEqual(['2031-06-01T10:00:00.000Z', '2031-06-01T10:00:00.000Z']);
    expect(await run(alice, { action: 'delete', filter: { search: 'promo' } })).toMatchObject({ total: 2, done: 2, failed: [] });
    expect(await promo()).toEqual([]);
    expect((await promo(bob)).length).toBe(1);
  });

  it("reports another user's links as failed and never changes them; actions are private to their user", async () => {
    const bobs = (await bulk(bob, [{ originalUrl: 'https://bob.example/1' }, { originalUrl: 'https://bob.example/2' }])).body.created as {
      id: string;
    }[];
    const mine = (await bulk(alice, [{ originalUrl: 'https://mine.example/1' }])).body.created as { id: string }[];
    const missing = '00000000-0000-4000-8000-000000000001';
    const res = await start(alice, { action: 'delete', ids: [mine[0].id, bobs[0].id, bobs[1].id, missing] });
    const result = await finished(alice, res.body.id);
    expect(result).toMatchObject({ status: 'done', total: 4, done: 4 });
    expect(result.failed).toEqual([
      { linkId: bobs[0].id, reason: 'Link not found.' },
      { linkId: bobs[1].id, reason: 'Link not found.' },
      { linkId: missing, reason: 'Link not found.' },
    ]);
    for (const l of bobs) expect((await api.call('GET', `/api/links/${l.id}`, { session: bob })).status).toBe(200);
    expect(
      await eventCount(
        'link-deleted',
        bobs.map((l) => l.id),
      ),
    ).toBe(0);
    expect((await api.call('GET', `/api/links/bulk-actions/${res.body.id}`, { session: bob })).status).toBe(404);
    expect((await api.call('GET', '/api/links/bulk-actions/not-an-id', { session: alice })).status).toBe(404);
  });

  it('lets API keys with links:write start actions, not keys without it', async () => {
    const writer = (await api.call('POST', '/api/api-keys', { session: alice, body: { name: 'w', scopes: ['links:read', 'links:write'] } })).body.key;
    const reader = (await api.call('POST', '/api/api-keys', { session: alice, body: { name: 'r', scopes: ['links:read'] } })).body.key;
    const made = await bulk(writer, [{ originalUrl: 'https://key.example/1' }]);
    expect(made.status).toBe(201);
    const ok = await start(writer, { action: 'archive', ids: [made.body.created[0].id] });
    expect(ok.status).toBe(202);
    expect((await finished(writer, ok.body.id)).done).toBe(1);
    expect((await start(reader, { action: 'archive', ids: [made.body.created[0].id] })).status).toBe(403);
    expect((await bulk(reader, [{ originalUrl: 'https://key.example/2' }])).status).toBe(403);
  });

  it('refuses a bad bulk action with a 400 naming the field, queuing nothing', async () => {
    const id = '00000000-0000-4000-8000-000000000002';
    const cases: [Record<string, unknown>, string][] = [
      [{ action: 'explode', ids: [id] }, 'action must be one of delete, archive, unarchive, addTags, removeTags, setExpiry.'],
      [{ action: 'archive' }, 'Send exactly one of ids and filter.'],
      [{ action: 'archive', ids: [id], filter: {} }, 'Send exactly one of ids and filter.'],
      [{ action: 'archive', ids: [] }, 'ids must be a list of 1 to 1000 link ids.'],
      [{ action: 'archive', ids: ['nope'] }, 'ids must be link ids.'],
      [{ action: 'addTags', ids: [id] }, 'tags: addTags needs the tags (1 to 10).'],
      [{ action: 'addTags', ids: [id], tags: [''] }, 'tags[0]: must be text of 1 to 32 characters.'],
      [{ action: 'setExpiry', ids: [id] }, 'expiresAt: setExpiry needs an ISO 8601 date-time, or null to clear it.'],
      [
        { action: 'setExpiry', ids: [id], expiresAt: 'soon' },
        'expiresAt: must be an ISO 8601 date-time with a time zone (e.g. 2026-12-31T23:59:00Z) or null.',
      ],
      [{ action: 'archive', filter: { sort: 'clicks' } }, 'filter.sort is not a filter (use search, tag, domainId, archived).'],
      [{ action: 'archive', filter: { archived: 'maybe' } }, 'archived must be one of false, true, all.'],
      [{ action: 'archive', filter: 'all' }, 'filter must be an object.'],
    ];
    const before = await api.redis.keys(`${api.config.redisPrefix}:bull:link-actions:*`);
    for (const [body, message] of cases) {
      const res = await start(alice, body);
      expect({ body, status: res.status, res: res.body }).toEqual({ body, status: 400, res: { statusCode: 400, message } });
    }
    expect((await api.redis.keys(`${api.config.redisPrefix}:bull:link-actions:*`)).length).toBe(before.length);
  });

  it('archives 10,000 links matching a filter with exact counts, progress on /live, one event per link', async () => {
    const { sessionId: carol, user } = await approvedUser(api, 'carol');
    for (let batch = 0; batch < 10; batch++) {
      const links = Array.from({ length: 1000 }, (_, i) => ({ originalUrl: `https://volume.example/${batch}/${i}`, name: `Volume ${batch}-${i}` }));
      const res = await bulk(carol, links);
      expect({ status: res.status, created: res.body.created.length, errors: res.body.errors }).toEqual({ status: 201, created: 1000, errors: [] });
    }
    expect((await api.call('GET', '/api/links?limit=1', { session: carol })).body.total).toBe(10_000);

    const socket = io(`${api.baseUrl}/live`, { transports: ['websocket'], reconnection: false, forceNew: true, auth: { sessionId: carol } });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => (socket.once('connect', () => resolve()), socket.once('connect_error', reject)));
    const seen: BulkActionDto[] = [];
    socket.on(LIVE_EVENT_BULK_ACTION, (e: BulkActionDto) => seen.push(e));

    const res = await start(carol, { action: 'archive', filter: { search: 'volume' } });
    const result = await finished(carol, res.body.id);
    expect(result).toEqual({ id: res.body.id, status: 'done', total: 10_000, done: 10_000, failed: [] });
    expect((await api.call('GET', '/api/links?limit=1', { session: carol })).body.total).toBe(0);
    expect((await api.call('GET', '/api/links?limit=1&archived=true', { session: carol })).body.total).toBe(10_000);
    const events = await api.dataSource.query(
      `SELECT count(*)::int AS n, count(DISTINCT stream_id)::int AS links FROM events WHERE type = 'link-archive-changed' AND stream_id IN (SELECT id FROM links WHERE owner_id = $1)`,
      [user.id],
    );
    expect(events[0]).toEqual({ n: 10_000, links: 10_000 });
    await until(async () => seen.some((e) => e.status === 'done'));
    expect(seen.map((e) => e.done)).toEqual([...seen.map((e) => e.done)].sort((a, b) => a - b));
    expect(seen.at(-1)).toMatchObject({ id: res.body.id, status: 'done', total: 10_000, done: 10_000 });
    expect(seen.length).toBeGreaterThan(2);
  }, 600_000);
});
