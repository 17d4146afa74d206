import { hostname } from 'node:os';
import type { Worker } from 'bullmq';
import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import type { AppConfig, Logger } from '@app/config';
import { createWorker, jobLock, logWorkerFailures } from '@app/queue';
import { createEnricher, createGroupedIngester, type EnrichedClick } from '@app/clicks';
import { publishLiveSummary } from '@app/realtime';
import { recordStoredClicks } from '@app/operations';
import type { WorkerMetrics } from '@app/metrics';
import { createClickBatchProcessor, type ClickBatchResult } from './click-batch.processor.js';

const MAX_CLICKS_PER_TRANSACTION = 10_000;
/** Ingest transactions in flight, each over its own half of the links (bench:ingest: 13.8k → 16.0k clicks/s). */
const INGEST_LANES = 2;

export interface ClickWorkerDeps {
  config: AppConfig;
  dataSource: DataSource;
  redis: Redis;
  log: Logger;
  onIngested?: (r: ClickBatchResult) => void;
  /** Prometheus counters: jobs by result, job durations, enrichment misses. */
  metrics?: WorkerMetrics;
  /** After a job's clicks are committed (a separate step, outside the ingest SQL): link.clicked webhooks. */
  onStored?: (clicks: EnrichedClick[]) => Promise<void>;
}

/**
 * The BullMQ consumer of queue `clicks`. Named, so `Queue.getWorkers()` lists it. A job whose worker died is
 * handed to another worker after `WORKER_LOCK_MS` (stalled-job recovery); re-processing it is harmless.
 */
export function startClickWorker({ config, dataSource, redis, log, onIngested, metrics, onStored }: ClickWorkerDeps): Worker {
  const plainEnricher = createEnricher({ geoipDb: config.geoipDb, ipAnonymize: config.ipAnonymize });
  const enricher = metrics ? metrics.countEnrichment(plainEnricher) : plainEnricher;
  // Jobs processed at the same time share one transaction (fewer rollup rows, no lock waits between them).
  const ingester = createGroupedIngester(dataSource, {
    maxClicks: MAX_CLICKS_PER_TRANSACTION,
    lanes: INGEST_LANES,
    onCommitted: async (links, inserted) => {
      const [live, counted] = await Promise.allSettled([
        publishLiveSummary(redis, config.redisPrefix, { links }),
        recordStoredClicks(redis, config.redisPrefix, inserted),
      ]);
      // The clicks are committed; a lost live update only delays the dashboards until their next refresh, a lost
      // count shows on the System page's ingest rate for a minute.
      if (live.status === 'rejected') log.warn('live summary not published', { err: live.reason });
      if (counted.status === 'rejected') log.warn('stored clicks not counted', { err: counted.reason });
    },
  });
  const processor = createClickBatchProcessor({ ingest: ingester.submit, enricher, log, onIngested, onStored });
  const worker = createWorker(
    'clicks',
    { batch: metrics ? metrics.timeJobs(processor) : processor },
    {
      connection: redis,
      redisPrefix: config.redisPrefix,
      concurrency: config.workerConcurrency,
      name: `${hostname()}-${process.pid}`,
      ...jobLock(config),
      maxStalledCount: 5,
    },
  );
  logWorkerFailures(worker, log, 'click batch');
  return worker;
}
