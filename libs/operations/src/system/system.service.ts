import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Queue } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '@app/config';
import type { QueueStatusDto, SystemStatusDto } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { REDIS } from '@app/queue';
import { OperationQueues } from '../queues/operation-queues.js';
import { AppError } from '@app/contracts';
import { storedClicksLastMinute } from './stored-clicks.js';

/** System Management (admin): BullMQ's own counts and workers, retries, projection rebuild (cache warm-up is the links feature's WarmLinkCacheCommand). */
@Injectable()
export class SystemService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queues: OperationQueues,
    private readonly eventStore: EventStore,
  ) {}

  async status(liveSockets: number): Promise<SystemStatusDto> {
    this.requireRedis();
    const [queue, maintenance, workers, clicksLastMinute] = await Promise.all([
      this.queueStatus(this.queues.clicks),
      this.queueStatus(this.queues.maintenance),
      this.queues.workers(this.queues.clicks),
      storedClicksLastMinute(this.redis, this.config.redisPrefix),
    ]);
    return { redis: 'connected', queue, workers, maintenance, clicksLastMinute, liveSockets };
  }

  async retryFailed(): Promise<{ retried: number }> {
    this.requireRedis();
    return { retried: await this.queues.retryFailed(this.queues.clicks) };
  }

  rebuildProjections(): Promise<{ events: number; projections: string[] }> {
    return this.eventStore.rebuild();
  }

  private async queueStatus(queue: Queue): Promise<QueueStatusDto> {
    const [counts, throughputPerMinute] = await Promise.all([this.queues.counts(queue), this.queues.completedLastMinute(queue)]);
    return { name: queue.name, ...counts, throughputPerMinute };
  }

  private requireRedis(): void {
    if (this.redis.status !== 'ready') throw new AppError(503, 'Redis is not reachable; try Recover on System Monitoring.');
  }
}
