import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { startOwnRedis, type OwnService } from '../helpers/own-services.js';
import { eventually, startRedirectorFixture } from './redirector-fixture.js';

type Fixture = Awaited<ReturnType<typeof startRedirectorFixture>>;

function sparePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** README failure table, maxClicks rows: a private redis-server (AOF) killed, restarted and emptied under the redirector. */
describe('maxClicks when Redis fails', () => {
  let redis: OwnService;
  let f: Fixture;
  let admin: Redis;

  beforeAll(async () => {
    redis = await startOwnRedis(await sparePort());
    f = await startRedirectorFixture({}, redis.url);
    admin = new Redis(redis.url, { maxRetriesPerRequest: 1, retryStrategy: () => 200 });
    admin.on('error', () => undefined);
  });
  afterAll(async () => {
    admin?.disconnect();
    await f?.close();
    await redis?.destroy();
  });

  it('refuses a limited link while Redis is down, keeps the count over a restart, re-seeds from the stored clicks after data loss', async () => {
    const id = await f.insertLink('limited', 'https://example.com/limited');
    await f.insertLink('plain', 'https://example.com/plain');
    await f.db.dataSource.query(`UPDATE links SET controls = '{"maxClicks": 3}' WHERE id = $1`, [id]);
    // One click already stored by the worker before the limit was set.
    await f.db.dataSource.query(`INSERT INTO link_stats (link_id, owner_id, click_count) SELECT id, owner_id, 1 FROM links WHERE id = $1`, [id]);
    const status = async (code: string) => (await f.get(`/s/${code}`)).status;

    expect(await status('limited')).toBe(302); // use 2 of 3 (seeded with the stored click)
    expect(await status('plain')).toBe(302);
    expect(await admin.get(`${f.prefix}:uses:${id}`)).toBe('2');

    await redis.stop('kill');
    expect(await status('limited')).toBe(503); // exactness over availability
    expect(await status('plain')).toBe(302); // from the in-process cache

    await redis.start(); // append-only file: the counter survives
    await eventually(async () => (await status('limited')) !== 503, 10_000);
    expect(await admin.get(`${f.prefix}:uses:${id}`)).toBe('3');
    expect(await status('limited')).toBe(410);

    // Redis loses its data: the counter is re-seeded from link_stats (1 stored click), so 2 more redirects pass.
    await admin.flushall();
    expect([await status('limited'), await status('limited'), await status('limited')]).toEqual([302, 302, 410]);
  });
});
