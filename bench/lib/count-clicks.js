// Counts the clicks sitting in the BullMQ jobs of queue `clicks` under one prefix (no consumer runs there);
// reads the compact batches through the worker's decoder.
import { Queue } from 'bullmq';
import { decodeClickBatch } from '../../dist/libs/clicks/src/index.js';

export async function countQueuedClicks(redis, prefix) {
  const queue = new Queue('clicks', { connection: redis, prefix: `${prefix}:bull` });
  const types = ['wait', 'delayed', 'prioritized', 'active', 'completed', 'failed'];
  const ids = new Set();
  let clicks = 0;
  let jobs = 0;
  const pageSize = 200;
  for (const type of types) {
    for (let start = 0; ; start += pageSize) {
      const page = await queue.getJobs([type], start, start + pageSize - 1, true);
      for (const job of page) {
        jobs++;
        const decoded = decodeClickBatch(job.data);
        if (!decoded.ok) throw new Error(`job ${job.id}: ${decoded.reason}`);
        for (const c of decoded.clicks) {
          clicks++;
          ids.add(c.id);
        }
      }
      if (page.length < pageSize) break;
    }
  }
  await queue.close();
  return { jobs, clicks, uniqueIds: ids.size };
}
