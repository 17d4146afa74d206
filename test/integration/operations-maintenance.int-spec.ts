import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { createLogger, loadConfig, type AppConfig } from '@app/config';
import { QUEUE_MAINTENANCE, redisKeys } from '@app/contracts';
import { JOB_HEALTH_CHECK, JOB_RETENTION, startMaintenanceWorker, type MaintenanceWorker } from '@app/operations';
import { connectRedis } from '@app/queue';
import { cleanRedisPrefix, createTestDatabase, testRedisPrefix, testRedisUrl, type TestDatabase } from '@app/testing';

const until = async (fn: () => Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await fn()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met in time');
};

describe('maintenance queue (run by the worker)', () => {
  let db: TestDatabase;
  let redis: Redis;
  let config: AppConfig;
  let maintenance: MaintenanceWorker;
  let queue: Queue;

  beforeAll(async () => {
    db = await createTestDatabase();
    config = loadConfig({ ...process.env, DATABASE_URL: db.url, REDIS_URL: testRedisUrl(), REDIS_PREFIX: testRedisPrefix(), CLICK_RETENTION_DAYS: '30', LOG_LEVEL: 'error' });
    redis = await connectRedis(config.redisUrl);
    maintenance = await startMaintenanceWorker({ config, dataSource: db.dataSource, redis, log: createLogger('worker', 'error') });
    queue = new Queue(QUEUE_MAINTENANCE, { connection: redis, prefix: redisKeys(config.redisPrefix).bullPrefix });
  });
  afterAll(async () => {
    await queue.close();
    await maintenance.close();
    await cleanRedisPrefix(redis, config.redisPrefix);
    await redis.quit();
    await db.drop();
  });

  it('schedules the hourly health check and the daily retention as job schedulers', async () => {
    const schedulers = await queue.getJobSchedulers();
    const every = Object.fromEntries(schedulers.map((s) => [s.key, Number(s.every)]));
    expect(every).toEqual({ [JOB_HEALTH_CHECK]: 3_600_000, [JOB_RETENTION]: 86_400_000 });
  });

  it('the first check runs at start, and each health-check job persists a row in health_checks', async () => {
    const count = async () => (await db.dataSource.query('SELECT count(*)::int AS n FROM health_checks'))[0].n as number;
    await until(async () => (await count()) === 1);
    await queue.add(JOB_HEALTH_CHECK, {});
    await until(async () => (await count()) === 2);
    const rows = await db.dataSource.query('SELECT status, errors, actions FROM health_checks');
    expect(rows).toEqual([
      { status: 'healthy', errors: [], actions: [] },
      { status: 'healthy', errors: [], actions: [] },
    ]);
  });

  it('a retention job deletes raw clicks older than CLICK_RETENTION_DAYS and keeps rollups', async () => {
    // The scheduler's first retention run happens at start; let it finish so the counts below are ours.
    await until(async () => (await queue.getCompleted()).some((j) => j.name === JOB_RETENTION));
    const link = '00000000-0000-0000-0000-0000000000aa';
    const insert = (id: string, daysAgo: number) =>
      db.dataSource.query(`INSERT INTO clicks (id, link_id, owner_id, clicked_at, ip) VALUES ($1, $2, $2, now() - make_interval(days => $3), '1.2.3.4')`, [id, link, daysAgo]);
    await insert('00000000-0000-0000-0000-000000000001', 45);
    await insert('00000000-0000-0000-0000-000000000002', 31);
    await insert('00000000-0000-0000-0000-000000000003', 29);
    await db.dataSource.query(`INSERT INTO link_clicks_daily (link_id, owner_id, day, clicks) VALUES ($1, $1, current_date - 45, 1)`, [link]);
    const rollupsBefore = await db.dataSource.query('SELECT * FROM link_clicks_daily');
    expect(rollupsBefore).toHaveLength(1);

    const job = await queue.add(JOB_RETENTION, {});
    await until(async () => (await queue.getJob(job.id!))?.finishedOn !== undefined);
    expect((await queue.getJob(job.id!))?.returnvalue).toEqual({ deleted: 2 });
    expect(await db.dataSource.query('SELECT id FROM clicks')).toEqual([{ id: '00000000-0000-0000-0000-000000000003' }]);
    expect(await db.dataSource.query('SELECT * FROM link_clicks_daily')).toEqual(rollupsBefore);
  });
});
