import { randomUUID } from 'node:crypto';
import { DelayedError, type Job } from 'bullmq';
import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import type { AppConfig, Logger } from '@app/config';
import type { LinkClickedData, WebhookPayload } from '@app/contracts';
import { createWorker, jobLock, logWorkerFailures } from '@app/queue';
import { takeClickBatch } from './click-notifier.js';
import { createLookup } from './webhook-address.js';
import { OwnerSlots } from './owner-slots.js';
import { sendDelivery } from './send-delivery.js';
import { countAttemptForPause, holdDeliveries } from './webhook-pause.js';
import { type DeliverJob, type FlushClicksJob, type WebhookQueue } from './webhook-queue.js';
import { deliveryToSend, insertDeliveries, pruneDeliveries, recordAttempt, stalePendingDeliveries } from './webhook-store.js';

/** Pending rows older than this without a job (the producer died between commit and queueing) are queued again. */
const OUTBOX_SWEEP_MS = 30_000;
/** A delivery whose workspace has no free slot waits 1–2 s (delayed, holding no worker slot and no attempt). */
const SLOT_WAIT_MS = 1_000;
/** A slot's lease outlives the attempt's time limit by this much (then a dead worker's slot frees itself). */
const SLOT_LEASE_MARGIN_MS = 5_000;

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
 * attempts run out; each attempt is recorded on the row) while its workspace holds a delivery slot, and pauses an
 * endpoint that keeps failing; `flush-clicks` turns gathered clicks into a delivery.
 */
export function startWebhookWorker({ config, dataSource, redis, log, queue }: WebhookWorkerDeps): { close(): Promise<void> } {
  const lookup = createLookup(config.webhookDnsServers);
  const options = { timeoutMs: config.webhookTimeoutMs, allowPrivate: config.webhookAllowPrivate, lookup };
  const secretsKeys = [config.secretsKey, ...config.previousSecretsKeys];
  const slots = new OwnerSlots(redis, config.redisPrefix, config.webhookOwnerConcurrency, config.webhookTimeoutMs + SLOT_LEASE_MARGIN_MS);

  async function deliver(job: Job<DeliverJob>, token?: string): Promise<void> {
    const d = await deliveryToSend(dataSource, secretsKeys, job.data.deliveryId);
    if (!d || d.status !== 'pending') return; // webhook deleted, or already settled, or held
    if (d.webhookStatus === 'paused') return holdDeliveries(dataSource, d.webhookId);
    if (!(await slots.take(d.ownerId, d.id))) {
      // Its workspace has its share of deliveries in flight (docs/security.md#webhooks): wait, using no attempt.
      await job.moveToDelayed(Date.now() + SLOT_WAIT_MS * (1 + Math.random()), token);
      throw new DelayedError();
    }
    try {
      const outcome = await sendDelivery(d, options);
      const final = !outcome.ok && job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      await recordAttempt(dataSource, d.id, { ...outcome, final, retryInMs: retryDelayMs(job) });
      const paused = await countAttemptForPause(dataSource, d.webhookId, outcome.ok, config.webhookPauseAfter);
      if (!outcome.ok && !paused) throw new Error(outcome.error ?? 'delivery failed');
    } finally {
      await slots.release(d.ownerId, d.id);
    }
  }

  async function flushClicks(job: Job<FlushClicksJob>): Promise<void> {
    const { webhookId, linkId } = job.data;
    const clicks = await takeClickBatch(redis, config.redisPrefix, webhookId, linkId);
    if (clicks.length === 0) return;
    const exists = await dataSource.query<unknown[]>('SELECT 1 FROM webhooks WHERE id = $1', [webhookId]);
    if (exists.length === 0) return;
    const id = randomUUID();
    const payload: WebhookPayload<LinkClickedData> = { id, type: 'link.clicked', createdAt: new Date().toISOString(), data: { linkId, clicks } };
    const toSend = await insertDeliveries(dataSource, [{ id, webhookId, event: 'link.clicked', payload: JSON.stringify(payload) }]);
    await pruneDeliveries(dataSource, webhookId);
    await queue.deliver(toSend);
  }

  const worker = createWorker(
    'webhooks',
    { deliver, 'flush-clicks': flushClicks },
    {
      connection: redis,
      redisPrefix: config.redisPrefix,
      concurrency: 16,
      ...jobLock(config),
    },
  );
  logWorkerFailures(worker, log, 'webhook', 'warn');

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
