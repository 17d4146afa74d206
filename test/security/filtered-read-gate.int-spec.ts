import { approvedUser } from '../helpers/auth.js';
import { startTestApi, type TestApi } from '../helpers/test-api.js';

/**
 * Filtered analytics reads take turns (docs/security.md "Filtered analytics reads"): a read of a city and two other click
 * dimensions (here the city breakdown under a device and a language; decision 0008) counts raw clicks, seconds each at 11M clicks, and twelve sent at once held all ten of the pool's connections, so an
 * unfiltered stat card waited 10 s and got a 503. Here the raw clicks are locked so every filtered read blocks in the
 * database for as long as the test wants: with one slot, one filtered read holds a connection, the others wait their
 * turn and get a 429 naming the reason once FILTERED_READ_WAIT_MS passed; unfiltered reads answer meanwhile.
 */
describe('filtered analytics reads take turns', () => {
  let api: TestApi;
  let session: string;

  beforeAll(async () => {
    api = await startTestApi({ FILTERED_READ_SLOTS: '1', FILTERED_READ_WAIT_MS: '3000' });
    session = (await approvedUser(api, 'gate-user')).sessionId;
    await api.call('POST', '/api/links', { session, body: { originalUrl: 'https://example.com/gate' } });
  }, 60_000);
  afterAll(() => api?.close());

  const get = async (path: string) => {
    const res = await fetch(api.baseUrl + path, { headers: { authorization: `Bearer ${session}` } });
    return { status: res.status, body: await res.json().catch(() => null) };
  };

  it('twelve raw-click reads (cities under a device and a language) while the clicks are locked: one runs, eleven get 429; unfiltered reads answer 200 meanwhile', async () => {
    const lock = api.dataSource.createQueryRunner();
    await lock.connect();
    await lock.startTransaction();
    await lock.query('LOCK TABLE clicks IN ACCESS EXCLUSIVE MODE');
    let filtered: Promise<Array<{ status: number; body: any }>>;
    try {
      filtered = Promise.all(Array.from({ length: 12 }, () => get('/api/analytics/breakdown?dimension=city&device=mobile&language=en')));
      await new Promise((r) => setTimeout(r, 500));
      // Unfiltered reads come from the rollups: the locked clicks and the waiting filtered reads do not hold them up.
      const unfiltered = await Promise.all([get('/api/analytics/stats'), get('/api/analytics/daily-summary'), get('/api/analytics/geographic')]);
      expect(unfiltered.map((r) => r.status)).toEqual([200, 200, 200]);
      await new Promise((r) => setTimeout(r, 3_500));
    } finally {
      await lock.commitTransaction();
      await lock.release();
    }
    const replies = await filtered;
    const busy = replies.filter((r) => r.status === 429);
    expect(replies.map((r) => r.status).sort()).toEqual([200, ...Array(11).fill(429)]);
    expect(busy[0].body).toEqual({
      statusCode: 429,
      message: 'Too many filtered analytics reads are running at once. Please try again in a moment.',
    });
    // The turn is handed on: filtered reads run again.
    expect((await get('/api/analytics/breakdown?dimension=city&device=mobile&language=en')).status).toBe(200);
  }, 60_000);
});
