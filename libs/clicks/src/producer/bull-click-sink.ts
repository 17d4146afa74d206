import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { createQueue } from '@app/queue';
import type { CompactClickBatch } from '../codec/click-batch-codec.js';
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
 * One BullMQ job per batch on queue `clicks`, job id = batch id (a retried add cannot make a second job); its data is
 * the compact encoding (one string of rows and four dictionaries, built once per batch: far less to serialise and
 * for Redis to store than one JSON object per click).
 * `encode` turns the batcher's items into that encoding (the redirector's click thread passes encodeRawClicks for its
 * raw records; a CompactBatchWriter builds one from anything else).
 * Give it a connection with `enableOfflineQueue: false` so an add fails at once while Redis is down
 * (the batcher then buffers) instead of waiting in ioredis' offline queue.
 */
export function createBullClickSink<C>(
  connection: Redis,
  prefix: string,
  encode: (batchId: string, clicks: C[]) => CompactClickBatch,
): ClickSink<C> & { queue: Queue<CompactClickBatch> } {
  const queue = createQueue<CompactClickBatch>('clicks', connection, prefix); // connection errors surface as rejected adds
  return {
    queue,
    async send(batchId: string, clicks: C[]) {
      await queue.add(CLICK_JOB_NAME, encode(batchId, clicks), { ...CLICK_JOB_OPTIONS, jobId: batchId });
    },
    async close() {
      await queue.close();
    },
  };
}
