import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { QUEUE_CLICKS, redisKeys, type ClickBatchJob, type ClickEvent } from '@app/contracts';
import type { ClickSink } from './click-batcher.js';

/** BullMQ job options of a click batch: retried by the worker with backoff, kept when it finally fails. */
export const CLICK_JOB_OPTIONS = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: true,
  removeOnFail: false,
} as const;

export const CLICK_JOB_NAME = 'batch';

/**
 * One BullMQ job per batch on queue `clicks`, job id = batch id (a retried add cannot make a second job).
 * Give it a connection with `enableOfflineQueue: false` so an add fails at once while Redis is down
 * (the batcher then buffers) instead of waiting in ioredis' offline queue.
 */
export function createBullClickSink(connection: Redis, prefix: string): ClickSink & { queue: Queue<ClickBatchJob> } {
  const queue = new Queue<ClickBatchJob>(QUEUE_CLICKS, { connection, prefix: redisKeys(prefix).bullPrefix });
  queue.on('error', () => undefined); // connection errors surface as rejected adds
  return {
    queue,
    async send(batchId: string, clicks: ClickEvent[]) {
      await queue.add(CLICK_JOB_NAME, { clicks }, { ...CLICK_JOB_OPTIONS, jobId: batchId });
    },
    async close() {
      await queue.close();
    },
  };
}
