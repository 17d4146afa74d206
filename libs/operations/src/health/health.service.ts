import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import type { HealthDto } from '@app/contracts';
import { REDIS } from '@app/queue';
import { EMPTY_COUNTS, OperationQueues, type QueueCounts } from '../queues/operation-queues.js';
import { errorMessage, probeDatabase, probeRedis } from './probes.js';
import { readHealthHistory, recordHealthCheck, stamp, ERROR_HISTORY_LIMIT } from './health-history.js';

/**
 * The number of accounts, from identity (the owner of `users`): feature libs do not import each other, so the apps
 * wire identity's `countUsers` in under this token (the api's operations module, the worker's maintenance deps).
 */
export type CountUsers = () => Promise<number>;
export const COUNT_USERS = 'operations:count-users';

export interface HealthCheckResult {
  health: HealthDto;
  /** Problems found by this check (not the history). */
  problems: string[];
}

/**
 * The one health check, used by GET /api/health, the hourly maintenance job and recovery. It never throws: a
 * component that does not answer is reported 'disconnected' with a message.
 */
@Injectable()
export class HealthService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly queues: OperationQueues,
    @Inject(COUNT_USERS) private readonly countUsers: CountUsers,
  ) {}

  async check(): Promise<HealthCheckResult> {
    const [db, cache] = await Promise.all([probeDatabase(this.dataSource), probeRedis(this.redis)]);
    const problems: string[] = [];
    if (db.error) problems.push(db.error);
    if (cache.error) problems.push(cache.error);

    let queue: QueueCounts = EMPTY_COUNTS;
    let workers = 0;
    if (cache.ok) {
      try {
        [queue, workers] = await Promise.all([this.queues.counts(this.queues.clicks), this.queues.workers(this.queues.clicks).then((w) => w.length)]);
      } catch (err) {
        problems.push(`Click queue status unavailable: ${errorMessage(err)}`);
      }
      if (queue.failed > 0) problems.push(`${queue.failed} click ${queue.failed === 1 ? 'job has' : 'jobs have'} failed; recovery retries them.`);
      if (workers === 0 && queue.waiting > 0)
        problems.push(`No worker is processing clicks (${queue.waiting} ${queue.waiting === 1 ? 'job' : 'jobs'} waiting).`);
    }

    let users = 0;
    let lastCheck: string | null = null;
    let history: string[] = [];
    if (db.ok) {
      try {
        users = await this.countUsers();
        ({ lastCheck, errors: history } = await readHealthHistory(this.dataSource));
      } catch (err) {
        problems.push(`Database query failed: ${errorMessage(err)}`);
      }
    }

    const status: HealthDto['status'] = !db.ok || !cache.ok ? 'unhealthy' : problems.length > 0 ? 'degraded' : 'healthy';
    const now = new Date();
    const health: HealthDto = {
      status,
      database: db.ok ? 'connected' : 'disconnected',
      redis: cache.ok ? 'connected' : 'disconnected',
      server: 'healthy',
      queue,
      workers,
      lastCheck,
      users,
      errors: [...problems.map((p) => stamp(now, p)), ...history].slice(0, ERROR_HISTORY_LIMIT),
    };
    return { health, problems };
  }

  /** Checks and persists the result in health_checks (with what recovery did); lastCheck becomes this check. */
  async checkAndRecord(actions: string[] = []): Promise<HealthDto> {
    const { health, problems } = await this.check();
    if (health.database !== 'connected') return health;
    try {
      await recordHealthCheck(this.dataSource, health, problems, actions);
      const history = await readHealthHistory(this.dataSource);
      // The problems just found are now part of the history; do not list them twice.
      return { ...health, lastCheck: history.lastCheck, errors: history.errors };
    } catch {
      return health;
    }
  }

  /** Postgres and Redis both answer (readiness for orchestrators). */
  async readiness(): Promise<{ ready: boolean; database: HealthDto['database']; redis: HealthDto['redis'] }> {
    const [db, cache] = await Promise.all([probeDatabase(this.dataSource, 3000), probeRedis(this.redis, 3000)]);
    return { ready: db.ok && cache.ok, database: db.ok ? 'connected' : 'disconnected', redis: cache.ok ? 'connected' : 'disconnected' };
  }
}
