import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { createQueue } from '@app/queue';

/** Job of queue `imports`; its id is the import's id, so queuing it twice is harmless. */
export interface ImportJob {
  importId: string;
}

export function createImportQueue(redis: Redis, prefix: string): Queue {
  return createQueue('imports', redis, prefix);
}

export async function queueImport(queue: Queue, importId: string): Promise<void> {
  await queue.add('import', { importId } satisfies ImportJob, {
    jobId: importId,
    attempts: 3,
    backoff: { type: 'fixed', delay: 1000 },
    removeOnComplete: true,
    removeOnFail: { count: 100 },
  });
}
