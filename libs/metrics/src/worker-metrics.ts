import { performance } from 'node:perf_hooks';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { Counter, Histogram, type Registry } from 'prom-client';
import { createQueue, QUEUE_NAMES } from '@app/queue';
import { collectedCounter, createMetricsRegistry } from './registry.js';
import { registerQueueDepth, type JobCountsSource } from './queue-depth.js';

export const JOB_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export interface IngestOutcome {
  inserted: number;
  duplicates: number;
  skipped: number;
  malformed?: number;
}

/** The fields of an enriched click that tell whether the lookups found something. */
interface EnrichedFields {
  countryCode: string | null;
  browser: string | null;
  isBot: boolean;
}

export interface WorkerMetrics {
  registry: Registry;
  /** Wraps a BullMQ processor: counts jobs by result and times them. */
  timeJobs<J, R>(processor: (job: J, ...rest: any[]) => Promise<R>): (job: J, ...rest: any[]) => Promise<R>;
  /** Counts what one committed batch did with its clicks. */
  recordIngest(outcome: IngestOutcome): void;
  /** Wraps the enricher: counts clicks whose place or browser was not found (two comparisons per click). */
  countEnrichment<C, E extends EnrichedFields>(enricher: { enrich(click: C): E }): { enrich(click: C): E };
  /** Adds `linkpulse_queue_depth` for these queues. */
  watchQueues(queues: Record<string, JobCountsSource>): void;
  /** Adds `linkpulse_queue_depth` for the deployment's `clicks` and `maintenance` queues (on this Redis client). */
  watchBullQueues(redis: Redis, redisPrefix: string): void;
}

export function createWorkerMetrics(): WorkerMetrics {
  const registry = createMetricsRegistry();
  const jobs = new Counter({
    name: 'linkpulse_click_jobs_total',
    help: 'Click batch jobs processed, by result: completed, or failed (retried by BullMQ unless malformed).',
    labelNames: ['result'],
    registers: [registry],
  });
  jobs.inc({ result: 'completed' }, 0);
  jobs.inc({ result: 'failed' }, 0);
  const duration = new Histogram({
    name: 'linkpulse_click_job_duration_seconds',
    help: 'Time to process one click batch job: validation, enrichment, the ingest transaction (shared with the jobs running alongside) and its commit.',
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  const ingested = new Counter({
    name: 'linkpulse_clicks_ingested_total',
    help: 'Clicks handled by the ingest transaction: inserted (counted), duplicate (already stored: a re-delivered job), skipped (the link was deleted), malformed (dropped at validation).',
    labelNames: ['outcome'],
    registers: [registry],
  });
  for (const outcome of ['inserted', 'duplicate', 'skipped', 'malformed']) ingested.inc({ outcome }, 0);
  const misses = { geo: 0, agent: 0 };
  let enriched = 0;
  collectedCounter(registry, 'linkpulse_clicks_enriched_total', 'Clicks passed through enrichment (geo, user agent, referrer).', () => enriched);
  collectedCounter(
    registry,
    'linkpulse_enrichment_misses_total',
    'Enriched clicks whose country was not found in GeoLite2 (geo: private, reserved or unknown address) or whose browser was not recognised (agent, bots excluded).',
    () => misses,
    'kind',
  );

  return {
    registry,
    timeJobs(processor) {
      return async (job, ...rest) => {
        const start = performance.now();
        try {
          const result = await processor(job, ...rest);
          jobs.inc({ result: 'completed' });
          return result;
        } catch (err) {
          jobs.inc({ result: 'failed' });
          throw err;
        } finally {
          duration.observe((performance.now() - start) / 1000);
        }
      };
    },
    recordIngest(r) {
      ingested.inc({ outcome: 'inserted' }, r.inserted);
      ingested.inc({ outcome: 'duplicate' }, r.duplicates);
      ingested.inc({ outcome: 'skipped' }, r.skipped);
      if (r.malformed) ingested.inc({ outcome: 'malformed' }, r.malformed);
    },
    countEnrichment(enricher) {
      return {
        enrich(click) {
          const e = enricher.enrich(click);
          enriched++;
          if (e.countryCode === null) misses.geo++;
          if (e.browser === null && !e.isBot) misses.agent++;
          return e;
        },
      };
    },
    watchQueues(queues) {
      registerQueueDepth(registry, queues);
    },
    watchBullQueues(redis, redisPrefix) {
      const queues: Record<string, Queue> = {};
      for (const name of QUEUE_NAMES) queues[name] = createQueue(name, redis, redisPrefix);
      registerQueueDepth(registry, queues);
    },
  };
}
