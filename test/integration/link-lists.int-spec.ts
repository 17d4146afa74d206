import { createEnricher, ingestClicks } from '@app/clicks';
import { DEFAULT_HOST_KEY, redisKeys } from '@app/contracts';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { adminSession, approvedUser } from '../helpers/auth.js';
import { clickEvent } from './worker-helpers.js';

/**
 * `GET /api/links` pages, searches, sorts and filters on the server (docs/architecture.md → "Link lists"); the
 * form without `limit` is every link, streamed; archived links are hidden unless asked and keep counting; JSON is
 * compressed. Against the real Postgres (trigram indexes) and the real ingest for click totals.
 */
describe('link lists', () => {
  let api: TestApi;
  let alice: string;
  let aliceId: string;
  let bob: string;
  let bobId: string;
  let admin: string;
  /** Alice's links by name, created in this order (one second apart in created_at). */
  const ids: Record<string, string> = {};
  const NAMES = ['Spring Sale', 'winter coats', 'Summer SALE banner', 'Autumn', 'Blog post', 'Newsletter'];

  beforeAll(async () => {
    api = await startTestApi({ SHORT_BASE_URL: 'http://lp.test' });
    admin = await adminSession(api);
    ({
      sessionId: alice,
      user: { id: aliceId },
    } = await approvedUser(api, 'alice'));
    ({
      sessionId: bob,
      user: { id: bobId },
    } = await approvedUser(api, 'bob'));
    for (const [i, name] of NAMES.entries()) {
      const res = await api.call('POST', '/api/links', {
        session: alice,
        body: {
          name,
          originalUrl: `https://shop.example/${name.toLowerCase().replace(/ /g, '-')}`,
          shortCode: `code-${i}`,
          tags: i % 2 ? ['odd'] : ['even'],
        },
      });
      expect(res.status).toBe(201);
      ids[name] = res.body.id;
      // created_at one second apart, oldest first, so "newest first" is the reverse of NAMES
      await api.dataSource.query(`UPDATE links SET created_at = now() - make_interval(secs => $2) WHERE id = $1`, [res.body.id, 100 - i]);
    }
    await api.call('POST', '/api/links', { session: bob, body: { name: 'Bob spring', originalUrl: 'https://bob.example/spring' } });
    // Clicks: Autumn 3 (latest click), Blog post 5, Spring Sale 1 (oldest click); the others none.
    const enricher = createEnricher({});
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const clicks = [
      ...Array.from({ length: 3 }, (_, i) => clickEvent(ids['Autumn'], { at: at(1 + i) })),
      ...Array.from({ length: 5 }, (_, i) => clickEvent(ids['Blog post'], { at: at(10 + i) })),
      clickEvent(ids['Spring Sale'], { at: at(60) }),
    ];
    await ingestClicks(
      api.dataSource,
      clicks.map((c) => enricher.enrich(c)),
    );
  });
  afterAll(() => api?.close());

  const page = async (query: string, session = alice) => {
    const res = await api.call('GET', `/api/links?${query}`, { session });
    expect(res.status).toBe(200);
    return res.body as {
      data: { name: string; clickCount: number; archived: boolean; ownerUsername?: string }[];
      total: number;
      totalCapped: boolean;
      page: number;
      limit: number;
    };
  };
  const names = async (query: string, session = alice) => (await page(query, session)).data.map((l) => l.name);

  it('pages newest first with the total of every page', async () => {
    const first = await page('limit=4');
    expect(first).toMatchObject({ total: 6, totalCapped: false, page: 1, limit: 4 });
    expect(first.data.map((l) => l.name)).toEqual(['Newsletter', 'Blog post', 'Autumn', 'Summer SALE banner']);
    expect(await names('limit=4&page=2')).toEqual(['winter coats', 'Spring Sale']);
    expect(await page('limit=4&page=3')).toMatchObject({ data: [], total: 6, page: 3 });
  });

  it('sorts by each key, both ways, with a stable order between pages', async () => {
    expect(await names('limit=10&sort=createdAt&order=asc')).toEqual(NAMES);
    expect(await names('limit=10&sort=clicks')).toEqual(['Blog post', 'Autumn', 'Spring Sale', 'Newsletter', 'Summer SALE banner', 'winter coats']);
    expect(await names('limit=3&sort=clicks&order=asc')).toEqual(['winter coats', 'Summer SALE banner', 'Newsletter']);
    expect(await names('limit=10&sort=name&order=asc')).toEqual([
      'Autumn',
      'Blog post',
      'Newsletter',
      'Spring Sale',
      'Summer SALE banner',
      'winter coats',
    ]);
    expect(await names('limit=10&sort=name')).toEqual(['winter coats', 'Summer SALE banner', 'Spring Sale', 'Newsletter', 'Blog post', 'Autumn']);
    expect(await names('limit=10&sort=lastClick')).toEqual([
      'Autumn',
      'Blog post',
      'Spring Sale',
      'Newsletter',
      'Summer SALE banner',
      'winter coats',
    ]);
    expect(await names('limit=10&sort=lastClick&order=asc')).toEqual([
      'winter coats',
      'Summer SALE banner',
      'Newsletter',
      'Spring Sale',
      'Blog post',
      'Autumn',
    ]);
    const clicks = (await page('limit=10&sort=clicks')).data.map((l) => l.clickCount);
    expect(clicks).toEqual([5, 3, 1, 0, 0, 0]);
  });

  it('pages by clicks and by last click across clicked and unclicked links: the pages together are the whole order', async () => {
    // these sorts read clicked links from link_stats' indexes and unclicked ones from links' (docs/architecture.md)
    for (const query of [
      'sort=clicks',
      'sort=clicks&order=asc',
      'sort=lastClick',
      'sort=lastClick&order=asc',
      'sort=clicks&search=sale',
      'sort=lastClick&tag=odd',
      // the other sorts slice ids first (link-read-store.ts): the same pages
      '',
      'sort=createdAt&order=asc',
      'sort=name',
      'sort=name&order=asc&search=s',
    ]) {
      const whole = await names(`limit=10&${query}`);
      for (const size of [1, 2, 4]) {
        const pages: string[] = [];
        for (let n = 1; n <= Math.ceil(whole.length / size) + 1; n++) pages.push(...(await names(`limit=${size}&page=${n}&${query}`)));
        expect({ query, size, pages }).toEqual({ query, size, pages: whole });
      }
    }
    expect(await names('limit=10&sort=clicks&search=sale')).toEqual(['Spring Sale', 'Summer SALE banner']);
    expect(await names('limit=10&sort=lastClick&tag=odd')).toEqual(['Autumn', 'Newsletter', 'winter coats']);
    // Bob's clicks never lift his link into Alice's list, nor hers into his
    expect(await names('limit=10&sort=clicks', bob)).toEqual(['Bob spring']);
  });

  it('counts matching links up to 10,000 (a search up to 1,000), then says 10,000+ or 1,000+ (totalCapped), and still pages past them', async () => {
    const { sessionId: carol, user } = await approvedUser(api, 'carol');
    // 10,001 links straight into the read model, newest first by i: "Carol link 0" … "Carol link 10000"
    await api.dataSource.query(
      `INSERT INTO links (id, owner_id, name, short_code, original_url, created_at, updated_at)
       SELECT gen_random_uuid(), $1::uuid, 'Carol link ' || i, 'carol-' || i, 'https://carol.example/' || i, now() - make_interval(secs => i), now()
         FROM generate_series(0, 10000) AS i`,
      [user.id],
    );
    try {
      expect(await page('limit=25', carol)).toMatchObject({ total: 10_000, totalCapped: true, page: 1, limit: 25 });
      expect(await page('limit=25&search=carol', carol)).toMatchObject({ total: 1_000, totalCapped: true });
      // "Carol link 1", "… 10" to "… 19", "… 100" to "… 199", "… 1000" to "… 1999", "… 10000": 1,112 match
      expect(await page('limit=25&search=link%201', carol)).toMatchObject({ total: 1_000, totalCapped: true });
      const last = await names('limit=25&page=45&search=link%201&sort=name&order=asc', carol);
      expect([last.length, last.at(-1)]).toEqual([12, 'Carol link 1999']);
      // a narrower search is counted exactly: "Carol link 100", "Carol link 1000" … "Carol link 1009", "Carol link 10000"
      expect(await page('limit=25&search=link%20100', carol)).toMatchObject({ total: 12, totalCapped: false });
      // the page after the capped count's last one holds the oldest link
      expect(await names('limit=25&page=401', carol)).toEqual(['Carol link 10000']);
      expect(await names('limit=3&sort=createdAt&order=asc', carol)).toEqual(['Carol link 10000', 'Carol link 9999', 'Carol link 9998']);
      expect(await names('limit=2&page=2&sort=createdAt&order=asc', carol)).toEqual(['Carol link 9998', 'Carol link 9997']);
      // another workspace's count is its own
      expect(await page('limit=25')).toMatchObject({ total: 6, totalCapped: false });
    } finally {
      // the admin's every-link counts below are of Alice's and Bob's links
      await api.dataSource.query(`DELETE FROM links WHERE owner_id = $1`, [user.id]);
    }
  });

  it('searches name, short code and original URL, case-insensitively, only among the caller’s links', async () => {
    expect(await names('limit=10&search=sale')).toEqual(['Summer SALE banner', 'Spring Sale']);
    // a searched page and its count come from one read of the matches in the list's order
    expect(await page('limit=1&page=2&search=sale')).toMatchObject({ data: [{ name: 'Spring Sale' }], total: 2, totalCapped: false, page: 2 });
    expect(await names('limit=1&search=sale&sort=name&order=asc')).toEqual(['Spring Sale']);
    expect(await page('limit=1&page=3&search=sale')).toMatchObject({ data: [], total: 2 });
    expect(await names('limit=10&search=SPRING')).toEqual(['Spring Sale']);
    expect(await names('limit=10&search=code-3')).toEqual(['Autumn']);
    expect(await names('limit=10&search=shop.example/winter')).toEqual(['winter coats']);
    expect(await page('limit=10&search=nothing-like-this')).toMatchObject({ data: [], total: 0 });
    // LIKE's pattern characters are plain text
    expect(await page('limit=10&search=%25')).toMatchObject({ total: 0 });
    expect(await page('limit=10&search=_')).toMatchObject({ total: 0 });
    // a term is part of one column: never a match across two (the name's end and the code's start)
    expect(await page('limit=10&search=autumncode-3')).toMatchObject({ total: 0 });
    expect(await names('limit=10&search=spring', bob)).toEqual(['Bob spring']);
  });

  it('filters by tag (one, or any of several) and by the default domain', async () => {
    expect(await names('limit=10&tag=odd')).toEqual(['Newsletter', 'Autumn', 'winter coats']);
    expect((await page('limit=10&tag=odd&tag=even')).total).toBe(6);
    expect((await page('limit=10&domainId=default')).total).toBe(6);
    expect((await page('limit=10&domainId=00000000-0000-4000-8000-000000000000')).total).toBe(0);
  });

  it('archives through PUT: hidden from lists unless asked, still redirecting-ready and counted', async () => {
    const id = ids['Autumn'];
    const one = (await api.call('GET', `/api/links/${id}`, { session: alice })).body;
    const put = await api.call('PUT', `/api/links/${id}`, { session: alice, body: { name: one.name, originalUrl: one.originalUrl, archived: true } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ archived: true, clickCount: 3 });
    expect(await names('limit=10')).not.toContain('Autumn');
    expect(await page('limit=10&archived=true')).toMatchObject({ total: 1, data: [{ name: 'Autumn', archived: true, clickCount: 3 }] });
    expect((await page('limit=10&archived=all')).total).toBe(6);
    // the unpaged form hides it too, and GET one still shows it
    const all = await api.call('GET', '/api/links', { session: alice });
    expect(all.body.map((l: { name: string }) => l.name)).not.toContain('Autumn');
    expect((await api.call('GET', `/api/links/${id}`, { session: alice })).body.archived).toBe(true);
    // still in the redirector's cache: archiving changes no redirect
    const cached = await api.redis.get(redisKeys(api.config.redisPrefix).link(DEFAULT_HOST_KEY, 'code-3'));
    expect(cached).not.toBeNull();
    const events = await api.dataSource.query(`SELECT type FROM events WHERE stream_id = $1 ORDER BY version`, [id]);
    expect(events.map((e: { type: string }) => e.type)).toContain('link-archive-changed');
    const back = await api.call('PUT', `/api/links/${id}`, {
      session: alice,
      body: { name: one.name, originalUrl: one.originalUrl, archived: false },
    });
    expect(back.body.archived).toBe(false);
    expect((await page('limit=10')).total).toBe(6);
    const bad = await api.call('PUT', `/api/links/${id}`, {
      session: alice,
      body: { name: one.name, originalUrl: one.originalUrl, archived: 'yes' },
    });
    expect(bad).toMatchObject({ status: 400, body: { statusCode: 400, message: 'archived must be true or false.' } });
  });

  it('keeps the unpaged form without limit: every link as an array, newest first', async () => {
    const res = await api.call('GET', '/api/links', { session: alice });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body.map((l: { name: string }) => l.name)).toEqual([...NAMES].reverse());
    expect(res.body[0]).toMatchObject({ shortUrl: 'http://lp.test/s/code-5', clickCount: 0, clicksToday: 0, archived: false, tags: ['odd'] });
    const empty = await api.call('GET', '/api/links?search=nothing-like-this', { session: alice });
    expect(empty.body).toEqual([]);
  });

  it("gives admins every link with its owner, or one owner's with ownerId; users cannot ask for others'", async () => {
    const all = await page('limit=100', admin);
    expect(all.total).toBe(7);
    expect(all.data.find((l) => l.name === 'Bob spring')?.ownerUsername).toBe('bob');
    expect(await names(`limit=10&ownerId=${bobId}`, admin)).toEqual(['Bob spring']);
    expect((await page(`limit=10&ownerId=${aliceId}`, admin)).total).toBe(6);
    const streamed = await api.call('GET', `/api/links?ownerId=${bobId}`, { session: admin });
    expect(streamed.body).toEqual([expect.objectContaining({ name: 'Bob spring', ownerUsername: 'bob' })]);
    const refused = await api.call('GET', `/api/links?limit=10&ownerId=${bobId}`, { session: alice });
    expect(refused).toMatchObject({ status: 403, body: { statusCode: 403 } });
  });

  it('pages the Analytics Performance table while its Total Summary still sums every link', async () => {
    const all = await api.call('GET', '/api/analytics/performance', { session: alice });
    expect(all.body).toHaveLength(6);
    const res = await api.call('GET', '/api/analytics/performance?limit=2&page=1', { session: alice });
    expect(res.status).toBe(200);
    expect(res.body.data.map((l: { name: string }) => l.name)).toEqual(['Blog post', 'Autumn']);
    expect(res.body).toMatchObject({ total: 6, page: 1, limit: 2, summary: { links: 6, clicksInRange: 9, totalClicks: 9 } });
    expect(res.body.summary.lastClick).toBe(all.body.find((l: { name: string }) => l.name === 'Autumn').lastClick);
    const last = await api.call('GET', '/api/analytics/performance?limit=2&page=3', { session: alice });
    expect(last.body.data.map((l: { name: string }) => l.name)).toEqual(all.body.slice(4).map((l: { name: string }) => l.name));
    const admin7 = await api.call('GET', '/api/analytics/performance?limit=1', { session: admin });
    expect(admin7.body).toMatchObject({ total: 7, summary: { links: 7, totalClicks: 9 } });
    for (const [query, message] of [
      ['limit=0', 'limit must be a whole number from 1 to 100.'],
      ['limit=5&page=0', 'page must be a whole number from 1 to 1000000.'],
      ['page=2', 'page needs limit (1 to 100 links per page).'],
    ]) {
      expect((await api.call('GET', `/api/analytics/performance?${query}`, { session: alice })).body).toEqual({ statusCode: 400, message });
    }
  });

  it('refuses bad paging, sorting and filters with a 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['limit=0', 'limit must be a whole number from 1 to 100.'],
      ['limit=101', 'limit must be a whole number from 1 to 100.'],
      ['limit=ten', 'limit must be a whole number from 1 to 100.'],
      ['limit=10&page=0', 'page must be a whole number from 1 to 1000000.'],
      ['limit=10&page=-1', 'page must be a whole number from 1 to 1000000.'],
      ['page=2', 'page needs limit (1 to 100 links per page).'],
      ['limit=10&sort=owner', 'sort must be one of createdAt, clicks, name, lastClick.'],
      ['limit=10&order=up', 'order must be one of desc, asc.'],
      ['limit=10&archived=maybe', 'archived must be one of false, true, all.'],
      ['limit=10&domainId=nope', 'domainId must be a domain id or default.'],
      [`limit=10&search=${'x'.repeat(201)}`, 'search must be at most 200 characters.'],
      ['limit=10&ownerId=42', 'ownerId must be a user id.'],
    ];
    for (const [query, message] of cases) {
      const res = await api.call('GET', `/api/links?${query}`, { session: alice });
      expect({ query, status: res.status, body: res.body }).toEqual({ query, status: 400, body: { statusCode: 400, message } });
    }
    const unknown = await api.call('GET', '/api/links?limit=10&colour=red', { session: alice });
    expect(unknown.status).toBe(400);
  });

  it('compresses JSON over 1 kB with brotli or gzip as Accept-Encoding asks, and leaves small ones alone', async () => {
    const raw = (encoding: string) =>
      fetch(`${api.baseUrl}/api/links?limit=10&archived=all`, { headers: { authorization: `Bearer ${alice}`, 'accept-encoding': encoding } });
    const br = await raw('br, gzip');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect((await br.json()).total).toBe(6);
    expect((await raw('gzip')).headers.get('content-encoding')).toBe('gzip');
    expect((await raw('identity')).headers.get('content-encoding')).toBeNull();
    const streamed = await raw('gzip, br');
    expect(streamed.headers.get('content-encoding')).toBe('br');
    const small = await fetch(`${api.baseUrl}/api/links?limit=1&search=nothing-like-this`, {
      headers: { authorization: `Bearer ${alice}`, 'accept-encoding': 'br' },
    });
    expect(small.headers.get('content-encoding')).toBeNull();
  });
});
