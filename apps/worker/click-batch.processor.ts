import { UnrecoverableError, type Job } from 'bullmq';
import type { Logger } from '@app/config';
import { decodeClickBatch, parseClickEvent, type EnrichedClick, type Enricher, type GroupShare } from '@app/clicks';

export interface ClickBatchProcessorDeps {
  /** Stores the clicks (grouped with other jobs' into one transaction); resolves after the commit. */
  ingest: (clicks: EnrichedClick[]) => Promise<GroupShare>;
  enricher: Enricher;
  log: Logger;
  /** Called after every committed batch (throughput counters). */
  onIngested?: (r: ClickBatchResult) => void;
  /** Called with the job's clicks once they are committed (link.clicked webhooks); its failure never fails the job. */
  onStored?: (clicks: EnrichedClick[]) => Promise<void>;
}

export interface ClickBatchResult {
  inserted: number;
  duplicates: number;
  skipped: number;
  malformed: number;
}

const MAX_REASONS = 5;

/**
 * Processor of queue `clicks`: validate → enrich → ingest transaction (the live summary is published after the commit).
 * A job that is not a compact batch (`v: 2`) fails for good (UnrecoverableError) with the reason; in a partly bad
 * batch the valid clicks are stored first, then the job fails naming the dropped clicks.
 */
export function createClickBatchProcessor(deps: ClickBatchProcessorDeps) {
  const { ingest, enricher, log } = deps;
  return async (job: Job): Promise<ClickBatchResult> => {
    const decoded = decodeClickBatch(job.data as unknown);
    if (!decoded.ok) throw new UnrecoverableError(`Malformed click batch: ${decoded.reason}`);
    const raw = decoded.clicks;
    const valid: EnrichedClick[] = [];
    const reasons: string[] = [];
    const now = new Date();
    for (const item of raw) {
      const parsed = parseClickEvent(item, now);
      if (parsed.ok) valid.push(enricher.enrich(parsed.click));
      else reasons.push(parsed.reason);
    }

    const result = await ingest(valid);
    const outcome = { ...result, malformed: reasons.length };
    deps.onIngested?.(outcome);
    if (deps.onStored && result.inserted > 0) {
      await deps.onStored(valid).catch((err: unknown) => log.warn('clicks stored, webhook notification failed', { jobId: job.id, err }));
    }
    if (reasons.length > 0) {
      log.warn('malformed clicks dropped', {
        jobId: job.id,
        dropped: reasons.length,
        stored: result.inserted,
        reasons: reasons.slice(0, MAX_REASONS),
      });
      throw new UnrecoverableError(
        `Malformed click batch: ${reasons.length} of ${raw.length} clicks dropped (${reasons.slice(0, MAX_REASONS).join('; ')})`,
      );
    }
    return outcome;
  };
}
