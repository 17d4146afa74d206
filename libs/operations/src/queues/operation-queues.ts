import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@app/config';
import type { QueueCountsDto, WorkerInfoDto } from '@app/contracts';
import { createQueue, REDIS } from '@app/queue';
import { CHECK_TIMEOUT_MS, withTimeout } from '../health/probes.js';

export type QueueCounts = QueueCountsDto;
export const EMPTY_COUNTS: QueueCounts = { waiting: 0, active: 0, delayed: 0, failed: 0, completed: 0 };

/**
 * BullMQ handles (producer side only) on the `clicks` and `maintenance` queues of this deployment's prefix, sharing
 * the process's Redis client. Nothing here consumes jobs: the worker process is the only consumer.
 */
@Injectable()
export class OperationQueues implements OnModuleDestroy {
  readonly clicks: Queue;
  readonly maintenance: Queue;

  constructor(
    @Inject(REDIS) readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.clicks = createQueue('clicks', redis, config.redisPrefix);
    this.maintenance = createQueue('maintenance', redis, config.redisPrefix);
  }

  /** Job counts per state; throws when Redis does not answer in time. */
  async counts(queue: Queue): Promise<QueueCounts> {
    const c = await withTimeout(queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed', 'prioritized'), CHECK_TIMEOUT_MS, 'Redis');
    return {
      waiting: (c.waiting ?? 0) + (c.prioritized ?? 0),
      active: c.active ?? 0,
      delayed: c.delayed ?? 0,
      failed: c.failed ?? 0,
      completed: c.completed ?? 0,
    };
  }

  /** Connected consumers of a queue (BullMQ names its worker connections; CLIENT LIST finds them). */
  async workers(queue: Queue): Promise<WorkerInfoDto[]> {
    const list = await withTimeout(queue.getWorkers(), CHECK_TIMEOUT_MS, 'Redis');
    return list.map((w) => ({ name: workerName(w), addr: w.addr ?? '', age: Number(w.age ?? 0), idle: Number(w.idle ?? 0) }));
  }

  /** Moves every failed job back to waiting; returns how many there were. */
  async retryFailed(queue: Queue): Promise<number> {
    const failed = await withTimeout(queue.getFailedCount(), CHECK_TIMEOUT_MS, 'Redis');
    if (failed === 0) return 0;
    await withTimeout(queue.retryJobs({ state: 'failed', count: 1000 }), 60_000, 'Redis');
    return failed;
  }

  /**
   * Jobs completed in the last minute: BullMQ metrics when the worker records them (Worker option `metrics`), else
   * the kept completed jobs finished in the last minute (the completed set is scored by finish time).
   */
  async completedLastMinute(queue: Queue): Promise<number> {
    const metrics = await withTimeout(queue.getMetrics('completed', 0, 0), CHECK_TIMEOUT_MS, 'Redis');
    if (metrics.data.length > 0) return Number(metrics.data[0]) || 0;
    return withTimeout(this.redis.zcount(queue.keys.completed, Date.now() - 60_000, '+inf'), CHECK_TIMEOUT_MS, 'Redis');
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([this.clicks.close(), this.maintenance.close()]).catch(() => undefined);
  }
}

/** BullMQ names worker connections `<prefix>:<queue>:w:<worker name>`; show the worker's own name when it has one. */
function workerName(w: Record<string, string>): string {
  const raw = w.rawname ?? '';
  const i = raw.indexOf(':w:');
  return i >= 0 ? raw.slice(i + 3) : (w.name ?? '');
}
