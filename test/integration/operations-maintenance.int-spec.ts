import { createEventStore } from '@app/projections';
import { maintenanceJobs } from '../../apps/worker/maintenance-jobs.js';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { createLogger, loadConfig, type AppConfig } from '@app/config';
import { countUsers } from '@app/identity';
import { JOB_CLICK_PARTITIONS, JOB_HEALTH_CHECK, JOB_RETENTION, startMaintenanceWorker, type MaintenanceWorker } from '@app/operations';
import { connectRedis, createQueue } from '@app/queue';
import { cleanRedisPrefix, createTestDatabase, testRedisPrefix, testRedisUrl, type TestDatabase } from '@app/testing';
import { until } from '../helpers/until.js';

describe('maintenance queue (run by the worker)', () => {
  let db: TestDatabase;
  let redis: Redis;
  let config: AppConfig;
  let maintenance: MaintenanceWorker;
  let queue: Queue;

  beforeAll(async () => {
    db = await createTestDatabase();
    config = loadConfig({
      ...process.env,
      DATABASE_URL: db.url,
      REDIS_URL: testRedisUrl(),
      REDIS_PREFIX: testRedisPrefix(),
      CLICK_RETENTION_DAYS: '30',
      LOG_LEVEL: 'error',
    });
    redis = await connectRedis(config.redisUrl);
    const log = createLogger('worker', 'error');
    // The worker's own job list: the queue refuses to start with a job type that has no handler.
    const store = createEventStore({ config, dataSource: db.dataSource, redis, deliverWebhooks: async () => undefined }, () => undefined);
    maintenance = await startMaintenanceWorker({
      config,
      dataSource: db.dataSource,
      redis,
      log,
      countUsers: () => countUsers(db.dataSource),
      jobs: maintenanceJobs(config, store, db.dataSource, log),
    });
    queue = createQueue('maintenance', redis, config.redisPrefix);
  });
  afterAll(async () => {
    await queue.close();
    await maintenance.close();
    await cleanRedisPrefix(redis, config.redisPrefix);
    await redis.quit();
    await db.drop();
  });

  it('schedules every maintenance job (health check, partitions, retention, domain checks, session purge, day roll-up) as job schedulers', async () => {
    const schedulers = await queue.getJobSchedulers();
    const every = Object.fromEntries(schedulers.map((s) => [s.key, Number(s.every)]));
    expect(every).toEqual({
      [JOB_HEALTH_CHECK]: 3_600_000,
      [JOB_RETENTION]: 86_400_000,
      [JOB_CLICK_PARTITIONS]: 86_400_000,
      'domain-verification': 60_000,
      'session-purge': 3_600_000,
      'day-rollup': 60_000,
    });
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

  it('a retention job drops the partitions of raw clicks whose month is older than CLICK_RETENTION_DAYS and keeps rollups', async () => {
    // The scheduler's first retention run happens at start; let it finish so the counts below are ours.
    await until(async () => (await queue.getCompleted()).some((j) => j.name === JOB_RETENTION));
    const link = '00000000-0000-0000-0000-0000000000aa';
    const insert = (id: string, daysAgo: number) =>
      db.dataSource.query(
        `INSERT INTO clicks (id, link_id, owner_id, clicked_at, ip) VALUES ($1, $2, $2, now() - make_interval(days => $3), '1.2.3.4')`,
        [id, link, daysAgo],
      );
    // 100 and 75 days ago: their whole month is older than 30 days (a month ends at most 31 days after a click).
    await insert('00000000-0000-0000-0000-000000000001', 100);
    await insert('00000000-0000-0000-0000-000000000002', 75);
    await insert('00000000-0000-0000-0000-000000000003', 29);
    const months = await db.dataSource.query(
      `SELECT DISTINCT 'clicks_' || to_char(clicked_at AT TIME ZONE 'UTC', 'YYYY_MM') AS m FROM clicks WHERE clicked_at < now() - interval '60 days' ORDER BY 1`,
    );
    await db.dataSource.query(`INSERT INTO link_clicks_daily (link_id, owner_id, day, clicks) VALUES ($1, $1, current_date - 100, 1)`, [link]);
    const rollupsBefore = await db.dataSource.query('SELECT * FROM link_clicks_daily');
    expect(rollupsBefore).toHaveLength(1);

    const job = await queue.add(JOB_RETENTION, {});
    await until(async () => (await queue.getJob(job.id!))?.finishedOn !== undefined);
    expect((await queue.getJob(job.id!))?.returnvalue).toEqual({ droppedPartitions: months.map((r: { m: string }) => r.m), deletedFromDefault: 0 });
    expect(await db.dataSource.query('SELECT id FROM clicks')).toEqual([{ id: '00000000-0000-0000-0000-000000000003' }]);
    expect(await db.dataSource.query('SELECT * FROM link_clicks_daily')).toEqual(rollupsBefore);
  });

  it('a click-partitions job creates the partition of a month that only the default partition held', async () => {
    await db.dataSource.query(`INSERT INTO clicks (id, link_id, owner_id, clicked_at, ip) VALUES ($1, $1, $1, '2020-05-17T12:00:00Z', '1.2.3.4')`, [
      '00000000-0000-0000-0000-000000000004',
    ]);
    const job = await queue.add(JOB_CLICK_PARTITIONS, {});
    await until(async () => (await queue.getJob(job.id!))?.finishedOn !== undefined);
    expect((await queue.getJob(job.id!))?.returnvalue).toEqual({ created: ['clicks_2020_05'] });
    expect(await db.dataSource.query(`SELECT tableoid::regclass::text AS p FROM clicks WHERE id = '00000000-0000-0000-0000-000000000004'`)).toEqual([
      { p: 'clicks_2020_05' },
    ]);
  });
});
