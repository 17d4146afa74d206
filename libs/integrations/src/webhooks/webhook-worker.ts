import { randomUUID } from 'node:crypto';
import type { Job } from 'bullmq';
import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import type { AppConfig, Logger } from '@app/config';
import type { LinkClickedData, WebhookPayload } from '@app/contracts';
import { createWorker } from '@app/queue';
import { takeClickBatch } from './click-notifier.js';
import { createLookup } from './webhook-address.js';
import { sendDelivery } from './send-delivery.js';
import { type DeliverJob, type FlushClicksJob, type WebhookQueue } from './webhook-queue.js';
import { deliveryToSend, insertDeliveries, pruneDeliveries, recordAttempt, stalePendingDeliveries } from './webhook-store.js';

/** Pending rows older than this without a job (the producer died between commit and queueing) are queued again. */
const OUTBOX_SWEEP_MS = 30_000;

/** How long BullMQ waits before the next attempt once this one fails: exponential, `delay × 2^(attempts made before)`. */
export function retryDelayMs(job: Pick<Job, 'attemptsMade' | 'opts'>): number | undefined {
  const backoff = job.opts.backoff;
  if (typeof backoff === 'number') return backoff * 2 ** job.attemptsMade;
  if (!backoff?.delay) return undefined;
  return backoff.type === 'exponential' ? backoff.delay * 2 ** job.attemptsMade : backoff.delay;
}

export interface WebhookWorkerDeps {
  config: AppConfig;
  dataSource: DataSource;
  redis: Redis;
  log: Logger;
  queue: WebhookQueue;
}

/**
 * Consumer of queue `webhooks`: `deliver` sends one delivery (retried by BullMQ with exponential backoff until the
 * attempts run out; each attempt is recorded on the row), `flush-clicks` turns gathered clicks into a delivery.
 */
export function startWebhookWorker({ config, dataSource, redis, log, queue }: WebhookWorkerDeps): { close(): Promise<void> } {
  const lookup = createLookup(config.webhookDnsServers);
  const options = { timeoutMs: config.webhookTimeoutMs, allowPrivate: config.webhookAllowPrivate, lookup };

  async function deliver(job: Job<DeliverJob>): Promise<void> {
    const d = await deliveryToSend(dataSource, job.data.deliveryId);
    if (!d || d.status !== 'pending') return; // webhook deleted, or already settled
    const outcome = await sendDelivery(d, options);
    const final = !outcome.ok && job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    await recordAttempt(dataSource, d.id, { ...outcome, final, retryInMs: retryDelayMs(job) });
    if (!outcome.ok) throw new Error(outcome.error ?? 'delivery failed');
  }

  async function flushClicks(job: Job<FlushClicksJob>): Promise<void> {
    const { webhookId, linkId } = job.data;
    const clicks = await takeClickBatch(redis, config.redisPrefix, webhookId, linkId);
    if (clicks.length === 0) return;
    const exists = await dataSource.query<unknown[]>('SELECT 1 FROM webhooks WHERE id = $1', [webhookId]);
    if (exists.length === 0) return;
    const id = randomUUID();
    const payload: WebhookPayload<LinkClickedData> = { id, type: 'link.clicked', createdAt: new Date().toISOString(), data: { linkId, clicks } };
    await insertDeliveries(dataSource, [{ id, webhookId, event: 'link.clicked', payload: JSON.stringify(payload) }]);
    await pruneDeliveries(dataSource, webhookId);
    await queue.deliver([id]);
  }

  const worker = createWorker(
    'webhooks',
    { deliver, 'flush-clicks': flushClicks },
    {
      connection: redis,
      redisPrefix: config.redisPrefix,
      concurrency: 16,
      lockDuration: config.workerLockMs,
      stalledInterval: config.workerLockMs,
    },
  );
  worker.on('error', (err) => log.error('webhook worker error', { err }));
  worker.on('failed', (job, err) => log.warn('webhook job attempt failed', { jobId: job?.id, attempts: job?.attemptsMade, reason: err.message }));

  const sweep = setInterval(() => {
    stalePendingDeliveries(dataSource, OUTBOX_SWEEP_MS)
      .then(async (ids) => {
        const missing: string[] = [];
        for (const id of ids) if (!(await queue.queue.getJob(id))) missing.push(id);
        await queue.deliver(missing);
      })
      .catch((err) => log.warn('webhook outbox sweep failed', { err }));
  }, OUTBOX_SWEEP_MS);
  sweep.unref();

  return {
    async close() {
      clearInterval(sweep);
      await worker.close();
    },
  };
}
