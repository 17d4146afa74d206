import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { connectPostgres, dropDatabase, ensureDatabase, migrate } from '@app/database';
import { connectRedis } from '@app/queue';
import { cleanRedisPrefix, testRedisUrl } from '@app/testing';
import { ensureBuilt, startBuiltProcess, type BuiltProcess } from '../helpers/processes.js';
import { BROWSER_UA } from '../helpers/user-agents.js';

/**
 * Issue 16 item 4: a link whose destination leads back to us (it predates the host policy, or a domain was verified
 * or renamed onto the host it points at) is followed the way a browser or `curl -L` does, against the real built
 * redirector and worker. The visit counts one click and ends in 508 Loop Detected; a normal link is unaffected.
 */
const REDIRECT_PORT = 17010;
const SHORT = `http://lp.test:${REDIRECT_PORT}`;
const DB_URL = `postgres://postgres@127.0.0.1:5432/lp_test_loops_${randomUUID().slice(0, 8)}`;
const REDIS_PREFIX = `loops-${randomUUID().slice(0, 8)}`;

interface Hop {
  status: number;
  location: string | null;
  body: string;
}

/** Follows redirects like a browser whose DNS sends every host to the redirector (curl -L --connect-to ::127.0.0.1:port). */
async function follow(start: string, max = 20): Promise<Hop[]> {
  const hops: Hop[] = [];
  let url = new URL(start);
  for (let i = 0; i < max; i++) {
    const res = await fetch(`http://127.0.0.1:${REDIRECT_PORT}${url.pathname}${url.search}`, {
      redirect: 'manual',
      headers: { Host: url.host, 'User-Agent': BROWSER_UA },
    });
    const location = res.headers.get('location');
    hops.push({ status: res.status, location, body: await res.text() });
    if (res.status < 300 || res.status >= 400 || !location) return hops;
    url = new URL(location, url);
    if (url.hostname !== 'lp.test' && url.hostname !== 'loop.test') return hops; // someone else's site
  }
  return hops;
}

describe('redirect loops: a looping link counts one click and ends in 508', () => {
  let db: pg.Pool;
  let redirector: BuiltProcess;
  let worker: BuiltProcess;
  const ids: Record<string, string> = {};

  const clicksOf = async (code: string) =>
    Number((await db.query('SELECT count(*)::int AS n FROM clicks WHERE link_id = $1', [ids[code]])).rows[0].n);

  beforeAll(async () => {
    ensureBuilt(['redirector', 'worker']);
    await ensureDatabase(DB_URL);
    const ds = await connectPostgres(DB_URL);
    await migrate(ds);
    const owner = randomUUID();
    // loop.test is an active custom domain; `loopy` was created before it was verified and points at it.
    await ds.query(
      `INSERT INTO domains (id, owner_id, domain, is_active, created_at, verification_status) VALUES ($1, $2, 'loop.test', true, now(), 'verified')`,
      [randomUUID(), owner],
    );
    const link = async (code: string, url: string) => {
      ids[code] = randomUUID();
      await ds.query(
        `INSERT INTO links (id, owner_id, name, short_code, original_url, created_at, updated_at) VALUES ($1, $2, $3, $3, $4, now(), now())`,
        [ids[code], owner, code, url],
      );
    };
    await link('loopy', `http://loop.test:${REDIRECT_PORT}/s/loopy`);
    await link('selfie', `${SHORT}/s/selfie?utm_source=x`);
    await link('plain', 'https://example.com/landing');
    await ds.destroy();
    db = new pg.Pool({ connectionString: DB_URL, max: 2 });
    const env = {
      DATABASE_URL: DB_URL,
      REDIS_PREFIX,
      REDIRECT_PORT: String(REDIRECT_PORT),
      SHORT_BASE_URL: SHORT,
      WORKER_METRICS_PORT: '0',
      LOG_LEVEL: 'error',
      CLICK_FLUSH_MS: '25',
    };
    redirector = await startBuiltProcess('redirector', env, { waitForUrl: `http://127.0.0.1:${REDIRECT_PORT}/healthz` });
    worker = await startBuiltProcess('worker', env);
  }, 180_000);

  afterAll(async () => {
    await redirector?.stop();
    await worker?.stop();
    await db?.end();
    await dropDatabase(DB_URL);
    // The processes' queues, cache and counters on the shared Redis.
    const redis = await connectRedis(testRedisUrl());
    await cleanRedisPrefix(redis, REDIS_PREFIX);
    await redis.quit();
  });

  it('follows a loop through a custom domain to a 508 page, counting one click', async () => {
    const hops = await follow(`${SHORT}/s/loopy`);
    expect(hops.map((h) => h.status)).toEqual([302, 302, 302, 508]);
    expect(hops.map((h) => h.location)).toEqual([
      `http://loop.test:${REDIRECT_PORT}/s/loopy?lp_hop=1`,
      `http://loop.test:${REDIRECT_PORT}/s/loopy?lp_hop=2`,
      `http://loop.test:${REDIRECT_PORT}/s/loopy?lp_hop=3`,
      null,
    ]);
    expect(hops[3].body).toContain('This link redirects to itself');

    const plain = await follow(`${SHORT}/s/plain`);
    expect(plain).toEqual([{ status: 302, location: 'https://example.com/landing', body: '' }]);
    await waitFor(async () => (await clicksOf('plain')) === 1);
    await sleep(500);
    expect(await clicksOf('loopy')).toBe(1);
  });

  it('a link to our own short host keeps its query and ends in 508 too; a normal link still counts every visit', async () => {
    const hops = await follow(`${SHORT}/s/selfie`);
    expect(hops.map((h) => h.status)).toEqual([302, 302, 302, 508]);
    expect(hops[0].location).toBe(`${SHORT}/s/selfie?utm_source=x&lp_hop=1`);
    for (let i = 0; i < 3; i++) await follow(`${SHORT}/s/plain`);
    await waitFor(async () => (await clicksOf('plain')) === 4);
    await sleep(500);
    expect(await clicksOf('selfie')).toBe(1);
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error('timed out');
}
