import { hostname } from 'node:os';
import { Queue, UnrecoverableError, Worker, type Job, type WorkerOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { bullPrefixFor } from './cluster.js';

/**
 * Every BullMQ queue of LinkPulse and the job types it carries: the one place a queue or a job type is added.
 * Producers make queues with `createQueue`, and the worker process (the only consumer) makes workers with
 * `createWorker`, which refuses to start unless every job type of its queue has a handler. Payload types live
 * beside their producers (click batches in libs/clicks, webhook and import jobs in libs/integrations).
 */
export const QUEUE_JOBS = {
  /** Click batches from the redirectors (one job per micro-batch, id = batch id). */
  clicks: ['batch'],
  /** Periodic work, scheduled with BullMQ job schedulers (see libs/operations/src/maintenance). */
  maintenance: ['health-check', 'retention', 'click-partitions', 'domain-verification', 'session-purge', 'day-rollup'],
  /** Webhook deliveries (id = delivery id) and the per-link `link.clicked` batches. */
  webhooks: ['deliver', 'flush-clicks'],
  /** One job per import (id = import id). */
  imports: ['import'],
  /** One job per bulk action over links (id = the action's id): delete, archive, tags, expiry. */
  'link-actions': ['bulk-action'],
} as const;

export type QueueName = keyof typeof QUEUE_JOBS;
export type JobName<Q extends QueueName> = (typeof QUEUE_JOBS)[Q][number];
export const QUEUE_NAMES = Object.keys(QUEUE_JOBS) as QueueName[];

/** A handler for every job type of queue Q (`token`: the job's lock, for a handler that moves its job, e.g. to delayed). */
export type JobHandlers<Q extends QueueName> = { [J in JobName<Q>]: (job: Job, token?: string) => Promise<unknown> };

/** A producer handle on queue `name` of this deployment (hash-tagged prefix on a Redis Cluster). */
export function createQueue<Data = unknown>(name: QueueName, connection: Redis, redisPrefix: string): Queue<Data> {
  const queue = new Queue<Data>(name, { connection, prefix: bullPrefixFor(connection, redisPrefix) });
  queue.on('error', () => undefined); // connection errors surface as rejected calls
  return queue;
}

/** The job types of `name` that `handlers` leaves without a handler (empty when every one has one). */
export function missingHandlers<Q extends QueueName>(name: Q, handlers: Partial<Record<string, unknown>>): string[] {
  return QUEUE_JOBS[name].filter((job) => typeof handlers[job] !== 'function');
}

/**
 * The consumer of queue `name`: dispatches each job by its name. Throws at once (at boot) when a job type of the
 * queue has no handler; a job with an unknown name fails for good (UnrecoverableError) instead of being retried.
 * It works on its own duplicate of `connection`, closed when the worker closes; the caller's stays the caller's.
 */
export function createWorker<Q extends QueueName>(
  name: Q,
  handlers: JobHandlers<Q>,
  options: Omit<WorkerOptions, 'connection' | 'prefix'> & { connection: Redis; redisPrefix: string },
): Worker {
  const missing = missingHandlers(name, handlers);
  if (missing.length) throw new Error(`queue ${name}: no handler for job type(s) ${missing.join(', ')}`);
  const { connection, redisPrefix, ...rest } = options;
  const table = handlers as Record<string, (job: Job, token?: string) => Promise<unknown>>;
  // The worker's own connection, closed with it: BullMQ never closes a connection it is handed.
  const own = connection.duplicate();
  const worker = new Worker(
    name,
    (job: Job, token?: string) => {
      const handler = table[job.name];
      if (!handler) throw new UnrecoverableError(`queue ${name}: unknown job type "${job.name}"`);
      return handler(job, token);
    },
    { name: `${hostname()}-${process.pid}-${name}`, ...rest, connection: own, prefix: bullPrefixFor(connection, redisPrefix) },
  );
  worker.once('closed', () => own.disconnect());
  return worker;
}

/**
 * The job lock of a worker that runs long jobs (click batches, deliveries, imports, bulk actions): held for
 * WORKER_LOCK_MS and checked for stalls at the same interval, so a crashed worker's job is taken over after one lock.
 */
export const jobLock = (config: { workerLockMs: number }): Pick<WorkerOptions, 'lockDuration' | 'stalledInterval'> => ({
  lockDuration: config.workerLockMs,
  stalledInterval: config.workerLockMs,
});

/** Logs a worker's connection errors (`<what> worker error`) and each failed attempt (`<what> attempt failed`). */
export function logWorkerFailures(
  worker: Worker,
  log: { error(msg: string, fields?: Record<string, unknown>): void; warn(msg: string, fields?: Record<string, unknown>): void },
  what: string,
  failedLevel: 'error' | 'warn' = 'error',
): void {
  worker.on('error', (err) => log.error(`${what} worker error`, { err }));
  worker.on('failed', (job, err) => log[failedLevel](`${what} attempt failed`, { jobId: job?.id, attempts: job?.attemptsMade, reason: err.message }));
}
