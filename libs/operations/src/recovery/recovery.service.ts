import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import type { RecoverResultDto } from '@app/contracts';
import { REDIS } from '@app/queue';
import { HealthService } from '../health/health.service.js';
import { OperationQueues } from '../queues/operation-queues.js';
import { CHECK_TIMEOUT_MS, errorMessage, probeDatabase, probeRedis, withTimeout } from '../health/probes.js';

/** POST /api/admin/recover: re-check, reconnect what is down, retry failed click jobs, record what was done. */
@Injectable()
export class RecoveryService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly queues: OperationQueues,
    private readonly health: HealthService,
  ) {}

  async recover(): Promise<RecoverResultDto> {
    const actions: string[] = [];
    actions.push(await this.reconnectDatabase());
    actions.push(await this.reconnectRedis());
    actions.push(await this.retryFailedClicks());
    const health = await this.health.checkAndRecord(actions);
    return { actions, health };
  }

  private async reconnectDatabase(): Promise<string> {
    if ((await probeDatabase(this.dataSource)).ok) return 'Database connection is healthy';
    try {
      if (this.dataSource.isInitialized)
        await withTimeout(this.dataSource.destroy(), CHECK_TIMEOUT_MS, 'Closing the database pool').catch(() => undefined);
      await withTimeout(this.dataSource.initialize(), CHECK_TIMEOUT_MS, 'Database');
      const after = await probeDatabase(this.dataSource);
      return after.ok ? 'Reconnected to the database' : `Could not reconnect to the database: ${after.error}`;
    } catch (err) {
      return `Could not reconnect to the database: ${errorMessage(err)}`;
    }
  }

  private async reconnectRedis(): Promise<string> {
    if ((await probeRedis(this.redis)).ok) return 'Redis connection is healthy';
    try {
      // 'end'/'close': the client gave up; 'wait': never connected (lazyConnect). Otherwise it is already retrying.
      if (['end', 'close', 'wait'].includes(this.redis.status)) await withTimeout(this.redis.connect(), CHECK_TIMEOUT_MS, 'Redis');
      else await withTimeout(waitReady(this.redis), CHECK_TIMEOUT_MS, 'Redis');
      const after = await probeRedis(this.redis);
      return after.ok ? 'Reconnected to Redis' : `Could not reconnect to Redis: ${after.error}`;
    } catch (err) {
      return `Could not reconnect to Redis: ${errorMessage(err)}`;
    }
  }

  private async retryFailedClicks(): Promise<string> {
    if (this.redis.status !== 'ready') return 'Could not retry failed click jobs: Redis is not reachable';
    try {
      const n = await this.queues.retryFailed(this.queues.clicks);
      return n === 0 ? 'No failed click jobs to retry' : `Retried ${n} failed click ${n === 1 ? 'job' : 'jobs'}`;
    } catch (err) {
      return `Could not retry failed click jobs: ${errorMessage(err)}`;
    }
  }
}

const waitReady = (redis: Redis) =>
  new Promise<void>((resolve) => {
    if (redis.status === 'ready') return resolve();
    redis.once('ready', () => resolve());
  });
