import { UnrecoverableError, type Job } from 'bullmq';
import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import type { Logger } from '@app/config';
import { ingestClicks, parseClickEvent, type EnrichedClick, type Enricher } from '@app/clicks';
import { publishLiveSummary } from '@app/realtime';

export interface ClickBatchProcessorDeps {
  dataSource: DataSource;
  redis: Redis;
  redisPrefix: string;
  enricher: Enricher;
  log: Logger;
  /** Called after every committed batch (throughput counters). */
  onIngested?: (r: ClickBatchResult) => void;
}

export interface ClickBatchResult {
  inserted: number;
  duplicates: number;
  skipped: number;
  malformed: number;
}

const MAX_REASONS = 5;

/**
 * Processor of queue `clicks`: validate → enrich → one ingest transaction → publish the live summary.
 * A job that is not `{clicks: [...]}` fails for good (UnrecoverableError) with the reason; in a partly bad
 * batch the valid clicks are stored first, then the job fails naming the dropped clicks.
 */
export function createClickBatchProcessor(deps: ClickBatchProcessorDeps) {
  const { dataSource, redis, redisPrefix, enricher, log } = deps;
  return async (job: Job): Promise<ClickBatchResult> => {
    const data = job.data as unknown;
    const raw = (data as { clicks?: unknown } | null)?.clicks;
    if (typeof data !== 'object' || data === null || !Array.isArray(raw)) {
      throw new UnrecoverableError('Malformed click batch: expected {"clicks": [...]}');
    }
    const valid: EnrichedClick[] = [];
    const reasons: string[] = [];
    for (const item of raw) {
      const parsed = parseClickEvent(item);
      if (parsed.ok) valid.push(enricher.enrich(parsed.click));
      else reasons.push(parsed.reason);
    }

    const result = await ingestClicks(dataSource, valid);
    const outcome = { inserted: result.inserted, duplicates: result.duplicates, skipped: result.skipped, malformed: reasons.length };
    deps.onIngested?.(outcome);
    if (result.inserted > 0) {
      try {
        await publishLiveSummary(redis, redisPrefix, { links: result.summaries });
      } catch (err) {
        // The clicks are committed; a lost live update only delays the dashboards until their next refresh.
        log.warn('live summary not published', { jobId: job.id, err });
      }
    }
    if (reasons.length > 0) {
      log.warn('malformed clicks dropped', { jobId: job.id, dropped: reasons.length, stored: result.inserted, reasons: reasons.slice(0, MAX_REASONS) });
      throw new UnrecoverableError(
        `Malformed click batch: ${reasons.length} of ${raw.length} clicks dropped (${reasons.slice(0, MAX_REASONS).join('; ')})`,
      );
    }
    return outcome;
  };
}
