import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { connectRedis, createQueue } from '@app/queue';
import { cleanRedisPrefix, createTestDatabase, testRedisPrefix, testRedisUrl, type TestDatabase } from '@app/testing';
import { clickBatch, expectedTotals, insertLinks, manyClicks, totals, waitFor } from './worker-helpers.js';

const WORKER = 'dist/apps/worker/main.js';
let db: TestDatabase;
let redis: Redis;
let queue: Queue;
const prefix = testRedisPrefix();
const children: ChildProcess[] = [];

function spawnWorker(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [WORKER], {
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      REDIS_URL: testRedisUrl(),
      REDIS_PREFIX: prefix,
      WORKER_LOCK_MS: '2000',
      WORKER_CONCURRENCY: '2',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  child.stdout!.resume();
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}: ${err}`)));
    const poll = setInterval(async () => {
      if ((await queue.getWorkers()).length > 0) {
        clearInterval(poll);
        resolve(child);
      }
    }, 50);
  });
}

beforeAll(async () => {
  if (!existsSync(WORKER)) execSync('npm run build:server', { stdio: 'inherit' });
  db = await createTestDatabase();
  redis = await connectRedis(testRedisUrl());
  queue = createQueue('clicks', redis, prefix);
}, 120_000);
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await queue?.close();
  if (redis) await cleanRedisPrefix(redis, prefix);
  redis?.disconnect();
  await db?.drop();
});

describe('a worker killed with SIGKILL in the middle of a burst', () => {
  it('loses and doubles nothing: a new worker finishes the queue and every count is exact', async () => {
    const links = await insertLinks(db.dataSource, 25);
    const all = manyClicks(links, 20_000);
    const jobs = [];
    for (let i = 0; i < all.length; i += 250)
      jobs.push({ name: 'batch', data: clickBatch(all.slice(i, i + 250)).job, opts: { jobId: randomUUID() } });
    await queue.addBulk(jobs);

    const first = await spawnWorker();
    await waitFor(
      async () => (await totals(db.dataSource)).clicks,
      (n) => n >= 2_000,
      60_000,
      'the first clicks',
    );
    first.removeAllListeners('exit');
    const exited = new Promise((r) => first.once('exit', r));
    first.kill('SIGKILL');
    await exited;
    const atKill = (await totals(db.dataSource)).clicks;
    expect(atKill).toBeLessThan(20_000);

    const second = await spawnWorker();
    await waitFor(
      async () => queue.getJobCounts('waiting', 'active', 'delayed', 'failed'),
      (c) => c.waiting + c.active + c.delayed === 0,
      120_000,
      'the queue to drain',
    );
    expect(await queue.getFailedCount()).toBe(0);
    expect(await totals(db.dataSource)).toEqual(expectedTotals(20_000));
    const perLink = await db.dataSource.query('SELECT count(*)::int AS n, min(click_count)::int AS lo, max(click_count)::int AS hi FROM link_stats');
    expect(perLink).toEqual([{ n: 25, lo: 800, hi: 800 }]);

    second.removeAllListeners('exit');
    const stopped = new Promise<number | null>((r) => second.once('exit', (code) => r(code)));
    second.kill('SIGTERM');
    expect(await stopped).toBe(0);
  }, 240_000);
});
