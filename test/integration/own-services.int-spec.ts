import pg from 'pg';
import { Redis } from 'ioredis';
import { startOwnPostgres, startOwnRedis } from '../helpers/own-services.js';

/** The fault suites rely on these private servers surviving a stop/start with their data. */
describe('private Postgres and Redis for fault tests', () => {
  it('restarts Redis keeping its data (AOF)', async () => {
    const redis = await startOwnRedis(6393);
    try {
      const c = new Redis(redis.url);
      await c.set('k', 'v');
      c.disconnect();
      await redis.stop('kill');
      await redis.start();
      const c2 = new Redis(redis.url);
      expect(await c2.get('k')).toBe('v');
      c2.disconnect();
    } finally {
      await redis.destroy();
    }
  });

  it('stops and starts Postgres keeping its data', async () => {
    const pgs = await startOwnPostgres(5443);
    try {
      const url = pgs.url.replace('/linkpulse', '/postgres');
      const c = new pg.Client(url);
      await c.connect();
      await c.query('CREATE TABLE t (n int); INSERT INTO t VALUES (7)');
      await c.end();
      await pgs.stop();
      await expect(new pg.Client(url).connect()).rejects.toThrow();
      await pgs.start();
      const c2 = new pg.Client(url);
      await c2.connect();
      expect((await c2.query('SELECT n FROM t')).rows).toEqual([{ n: 7 }]);
      await c2.end();
    } finally {
      await pgs.destroy();
    }
  });
});
