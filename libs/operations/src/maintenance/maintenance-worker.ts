import type { Worker } from 'bullmq';
import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import type { AppConfig, Logger } from '@app/config';
import { createWorker, type JobHandlers, type JobName } from '@app/queue';
import { HealthService, type CountUsers } from '../health/health.service.js';
import { OperationQueues } from '../queues/operation-queues.js';
import { deleteExpiredClicks } from './retention.js';
import { ensureClickPartitions } from './click-partitions.js';

export const JOB_HEALTH_CHECK: JobName<'maintenance'> = 'health-check';
export const JOB_RETENTION: JobName<'maintenance'> = 'retention';
export const JOB_CLICK_PARTITIONS: JobName<'maintenance'> = 'click-partitions';
const HEALTH_CHECK_EVERY_MS = 60 * 60 * 1000;
const RETENTION_EVERY_MS = 24 * 60 * 60 * 1000;
const CLICK_PARTITIONS_EVERY_MS = 24 * 60 * 60 * 1000;

/** A periodic job another lib owns (e.g. links' domain verification), run on this queue. */
export interface MaintenanceJob {
  name: JobName<'maintenance'>;
  everyMs: number;
  run(): Promise<unknown>;
}

export interface MaintenanceWorkerDeps {
  config: AppConfig;
  dataSource: DataSource;
  redis: Redis;
  log: Logger;
  /** identity's countUsers, for the health check. */
  countUsers: CountUsers;
  jobs?: MaintenanceJob[];
}
export interface MaintenanceWorker {
  worker: Worker;
  queues: OperationQueues;
  close(): Promise<void>;
}

/**
 * Consumer of queue `maintenance` (run by apps/worker only): the hourly health check (persisted in health_checks)
 * the daily creation of the next months' `clicks` partitions, and, when CLICK_RETENTION_DAYS > 0, the daily drop of
 * the partitions of old raw clicks. Schedules are BullMQ job schedulers,
 * upserted at start, so N workers share one schedule.
 */
export async function startMaintenanceWorker({
  config,
  dataSource,
  redis,
  log,
  countUsers,
  jobs = [],
}: MaintenanceWorkerDeps): Promise<MaintenanceWorker> {
  const queues = new OperationQueues(redis, config);
  const health = new HealthService(dataSource, redis, queues, countUsers);

  await queues.maintenance.upsertJobScheduler(JOB_HEALTH_CHECK, { every: HEALTH_CHECK_EVERY_MS }, { name: JOB_HEALTH_CHECK });
  await queues.maintenance.upsertJobScheduler(JOB_CLICK_PARTITIONS, { every: CLICK_PARTITIONS_EVERY_MS }, { name: JOB_CLICK_PARTITIONS });
  if (config.clickRetentionDays > 0) {
    await queues.maintenance.upsertJobScheduler(JOB_RETENTION, { every: RETENTION_EVERY_MS }, { name: JOB_RETENTION });
  } else {
    await queues.maintenance.removeJobScheduler(JOB_RETENTION);
  }
  for (const job of jobs) await queues.maintenance.upsertJobScheduler(job.name, { every: job.everyMs }, { name: job.name });

  const builtIn = {
    [JOB_HEALTH_CHECK]: async () => {
      const result = await health.checkAndRecord();
      if (result.status !== 'healthy') log.warn('health check found problems', { status: result.status, errors: result.errors.slice(0, 5) });
      return { status: result.status };
    },
    [JOB_RETENTION]: async () => {
      const result = await deleteExpiredClicks(dataSource, config.clickRetentionDays);
      log.info('old click partitions dropped', { ...result, olderThanDays: config.clickRetentionDays });
      return result;
    },
    [JOB_CLICK_PARTITIONS]: async () => {
      const created = await ensureClickPartitions(dataSource);
      if (created.length > 0) log.info('click partitions created', { created });
      return { created };
    },
  };
  const handlers = { ...builtIn, ...Object.fromEntries(jobs.map((j) => [j.name, () => j.run()])) } as unknown as JobHandlers<'maintenance'>;
  // Throws at boot when a job type of the queue (libs/queue QUEUE_JOBS) has no handler here or in `jobs`.
  const worker = createWorker('maintenance', handlers, {
    connection: redis,
    redisPrefix: config.redisPrefix,
    concurrency: 1,
    removeOnComplete: { count: 100 },
    removeOnFail: { count: 100 },
  });
  worker.on('error', (err) => log.error('maintenance worker error', { err }));
  worker.on('failed', (job, err) => log.error('maintenance job failed', { name: job?.name, err }));

  return {
    worker,
    queues,
    async close() {
      await worker.close();
      await queues.onModuleDestroy();
    },
  };
}
