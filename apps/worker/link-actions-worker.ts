import type { Job } from 'bullmq';
import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import type { AppConfig, Logger } from '@app/config';
import type { EventStore } from '@app/event-store';
import { runBulkAction, type BulkActionJob, type BulkActionProgress } from '@app/links';
import { createWorker, jobLock, logWorkerFailures } from '@app/queue';
import { publishBulkActionProgress } from '@app/realtime';

export interface LinkActionsWorkerDeps {
  config: AppConfig;
  dataSource: DataSource;
  redis: Redis;
  log: Logger;
  /** The worker's event store with every projection (the integrations workers' store). */
  store: EventStore;
}

/**
 * Consumer of `link-actions` (docs/product.md#many-links): runs each bulk action through the links' own aggregate
 * and event store, saving its progress on the job (read by GET /api/links/bulk-actions/{id}) and publishing it to
 * the acting user's sockets after every chunk.
 */
export function startLinkActionsWorker({ config, dataSource, redis, log, store }: LinkActionsWorkerDeps) {
  const worker = createWorker(
    'link-actions',
    {
      'bulk-action': async (job: Job<BulkActionJob>) => {
        const report = async (p: BulkActionProgress, status: 'running' | 'done') => {
          await job.updateProgress({ ...p, failed: [...p.failed] });
          await publishBulkActionProgress(redis, config.redisPrefix, job.data.actor.workspaceId, { id: job.data.id, status, ...p }).catch(
            () => undefined,
          );
        };
        const result = await runBulkAction({ store, dataSource }, job.data, (p) => report(p, 'running'));
        await report(result, 'done');
        return { total: result.total, done: result.done, failed: result.failed.length };
      },
    },
    {
      connection: redis,
      redisPrefix: config.redisPrefix,
      concurrency: 1,
      ...jobLock(config),
    },
  );
  logWorkerFailures(worker, log, 'bulk action');
  return { close: () => worker.close() };
}
