import { Worker, type Job } from 'bullmq';
import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import type { AppConfig, Logger } from '@app/config';
import { QUEUE_MAINTENANCE, redisKeys } from '@app/contracts';
import { HealthService } from '../health/health.service.js';
import { OperationQueues } from '../queues/operation-queues.js';
import { deleteExpiredClicks } from './retention.js';

export const JOB_HEALTH_CHECK = 'health-check';
export const JOB_RETENTION = 'retention';
export const HEALTH_CHECK_EVERY_MS = 60 * 60 * 1000;
export const RETENTION_EVERY_MS = 24 * 60 * 60 * 1000;

export interface MaintenanceWorkerDeps {
  config: AppConfig;
  dataSource: DataSource;
  redis: Redis;
  log: Logger;
}
export interface MaintenanceWorker {
  worker: Worker;
  queues: OperationQueues;
  close(): Promise<void>;
}

/**
 * Consumer of queue `maintenance` (run by apps/worker only): the hourly health check (persisted in health_checks)
 * and, when CLICK_RETENTION_DAYS > 0, the daily deletion of old raw clicks. Schedules are BullMQ job schedulers,
 * upserted at start, so N workers share one schedule.
 */
export async function startMaintenanceWorker({ config, dataSource, redis, log }: MaintenanceWorkerDeps): Promise<MaintenanceWorker> {
  const queues = new OperationQueues(redis, config);
  const health = new HealthService(dataSource, redis, queues);
  const prefix = redisKeys(config.redisPrefix).bullPrefix;

  await queues.maintenance.upsertJobScheduler(JOB_HEALTH_CHECK, { every: HEALTH_CHECK_EVERY_MS }, { name: JOB_HEALTH_CHECK });
  if (config.clickRetentionDays > 0) {
    await queues.maintenance.upsertJobScheduler(JOB_RETENTION, { every: RETENTION_EVERY_MS }, { name: JOB_RETENTION });
  } else {
    await queues.maintenance.removeJobScheduler(JOB_RETENTION);
  }

  const worker = new Worker(
    QUEUE_MAINTENANCE,
    async (job: Job) => {
      if (job.name === JOB_HEALTH_CHECK) {
        const result = await health.checkAndRecord();
        if (result.status !== 'healthy') log.warn('health check found problems', { status: result.status, errors: result.errors.slice(0, 5) });
        return { status: result.status };
      }
      if (job.name === JOB_RETENTION) {
        const deleted = await deleteExpiredClicks(dataSource, config.clickRetentionDays);
        log.info('old clicks deleted', { deleted, olderThanDays: config.clickRetentionDays });
        return { deleted };
      }
      log.warn('unknown maintenance job ignored', { name: job.name });
      return null;
    },
    {
      connection: redis,
      prefix,
      concurrency: 1,
      removeOnComplete: { count: 100 },
      removeOnFail: { count: 100 },
    },
  );
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
