import { randomUUID } from 'node:crypto';
import { Queue, type Job, type Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { createLogger, loadConfig, type AppConfig } from '@app/config';
import { redisKeys, type LiveSummary } from '@app/contracts';
import { clickIdOf } from '@app/clicks';
import { connectRedis, createQueue } from '@app/queue';
import { storedClicksLastMinute } from '@app/operations';
import { cleanRedisPrefix, createTestDatabase, testRedisPrefix, testRedisUrl, type TestDatabase } from '@app/testing';
import { startClickWorker } from '../../apps/worker/click-worker.js';
import { clickBatch, clickEvent, expectedTotals, insertLinks, manyClicks, totals, waitFor, TRUNCATE_CLICK_DATA } from './worker-helpers.js';

let db: TestDatabase;
let redis: Redis;
let subscriber: Redis;
let config: AppConfig;
let queue: Queue;
const workers: Worker[] = [];
const messages: LiveSummary[] = [];
const failures: { id?: string; reason: string }[] = [];

const log = createLogger('worker-test', 'error');
const start = () => {
  const w = startClickWorker({ config, dataSource: db.dataSource, redis, log });
  w.on('failed', (job: Job | undefined, err: Error) => failures.push({ id: job?.id, reason: err.message }));
  workers.push(w);
  return w;
};

beforeAll(async () => {
  db = await createTestDatabase();
  config = loadConfig({ ...process.env, DATABASE_URL: db.url, REDIS_URL: testRedisUrl(), REDIS_PREFIX: testRedisPrefix(), WORKER_CONCURRENCY: '2' });
  redis = await connectRedis(config.redisUrl);
  subscriber = await connectRedis(config.redisUrl);
  subscriber.on('message', (_ch: string, m: string) => messages.push(JSON.parse(m)));
  await subscriber.subscribe(redisKeys(config.redisPrefix).liveChannel);
  queue = createQueue('clicks', redis, config.redisPrefix);
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.close()));
  await queue?.close();
  await cleanRedisPrefix(redis, config.redisPrefix);
  subscriber?.disconnect();
  redis?.disconnect();
  await db?.drop();
});

describe('the click worker on queue clicks', () => {
  it('stores a queued batch with its rollups, publishes the live summary and shows up in getWorkers', async () => {
    start();
    const [link] = await insertLinks(db.dataSource, 1);
    const clicks = [
      clickEvent(link.id, { at: '2025-05-05T08:00:00.000Z', acceptLanguage: 'pt-BR,pt;q=0.9' }),
      clickEvent(link.id, { at: '2025-05-05T08:20:00.000Z' }),
    ];
    await queue.add('batch', clickBatch(clicks).job, { jobId: randomUUID() });

    const msg = await waitFor(async () => messages.find((m) => m.links.some((l) => l.linkId === link.id)), Boolean, 10_000, 'live summary');
    expect(msg).toEqual({ links: [{ linkId: link.id, ownerId: link.ownerId, clicks: 2, lastClick: '2025-05-05T08:20:00.000Z' }] });
    expect(
      await db.dataSource.query(
        'SELECT count(*)::int AS n, min(country_code) AS cc, array_agg(language ORDER BY clicked_at) AS langs FROM clicks WHERE link_id = $1',
        [link.id],
      ),
    ).toEqual([{ n: 2, cc: 'GB', langs: ['pt', null] }]);
    expect(await totals(db.dataSource)).toEqual(expectedTotals(2));
    // The System page's ingest rate: counted after the commit, next to the live summary.
    expect(
      await waitFor(
        () => storedClicksLastMinute(redis, config.redisPrefix),
        (n) => n === 2,
        5000,
        'stored clicks counted',
      ),
    ).toBe(2);
    const listed = await queue.getWorkers();
    expect(listed.length).toBeGreaterThanOrEqual(1);
  });

  it('fails a malformed job with a clear reason, keeps the valid clicks of a partly bad batch, and goes on', async () => {
    const [link] = await insertLinks(db.dataSource, 1);
    const bad = await queue.add('batch', { nope: true }, { jobId: 'bad-shape', attempts: 5 });
    await waitFor(async () => failures.find((f) => f.id === bad.id), Boolean, 10_000, 'failed job');
    expect(failures.find((f) => f.id === bad.id)?.reason).toBe('Malformed click batch: expected a compact batch (v: 2)');
    expect((await queue.getJob(bad.id!))?.attemptsMade).toBe(1); // not retried

    // One good row, one whose link is not a UUID, one that cannot be read at all.
    const { job, ids } = clickBatch([clickEvent(link.id, { at: '2025-05-06T09:00:00.000Z' }), clickEvent('x')]);
    job.rows += '\n-';
    const partly = await queue.add('batch', job, { jobId: 'partly-bad' });
    await waitFor(async () => failures.find((f) => f.id === partly.id), Boolean, 10_000, 'partly bad job');
    expect(failures.find((f) => f.id === partly.id)?.reason).toBe(
      `Malformed click batch: 2 of 3 clicks dropped (click ${ids[1]}: linkId must be a UUID; click ${clickIdOf(job.batch, 2)}: linkId must be a UUID)`,
    );
    expect(await db.dataSource.query('SELECT id FROM clicks WHERE link_id = $1', [link.id])).toEqual([{ id: ids[0] }]);

    const next = clickEvent(link.id, { at: '2025-05-06T10:00:00.000Z' });
    await queue.add('batch', clickBatch([next]).job, { jobId: randomUUID() });
    await waitFor(
      async () => (await db.dataSource.query('SELECT click_count::int AS n FROM link_stats WHERE link_id = $1', [link.id]))[0]?.n,
      (n) => n === 2,
      10_000,
      'next good job',
    );
  });

  it('two workers racing on overlapping jobs count every click exactly once', async () => {
    await db.dataSource.query(TRUNCATE_CLICK_DATA);
    start(); // second worker next to the first
    const links = await insertLinks(db.dataSource, 10);
    const all = manyClicks(links, 4000);
    // Every batch of 250 queued twice (a re-delivery: the same batch id, so the same click ids), in a shuffled order.
    const jobs = [];
    for (let i = 0; i < all.length; i += 250) {
      const { job } = clickBatch(all.slice(i, i + 250));
      jobs.push(job, job);
    }
    jobs.sort(() => Math.random() - 0.5);
    await queue.addBulk(jobs.map((data) => ({ name: 'batch', data, opts: { jobId: randomUUID() } })));
    await waitFor(
      async () => (await totals(db.dataSource)).clicks,
      (n) => n === 4000,
      30_000,
      'all clicks',
    );
    await waitFor(
      async () => queue.getJobCounts('waiting', 'active', 'delayed'),
      (c) => c.waiting + c.active + c.delayed === 0,
      30_000,
      'queue drained',
    );
    expect(await totals(db.dataSource)).toEqual(expectedTotals(4000));
    expect(await queue.getFailedCount()).toBe(2); // only the two malformed jobs of the previous test
  });
});
