import type { DataSource } from 'typeorm';
import type { LiveLinkSummary } from '@app/contracts';
import type { EnrichedClick } from '../enrichment/enriched-click.js';
import { ingestClicksDetailed } from './ingest-clicks.js';

export interface GroupShare {
  /** This submission's clicks stored now / already stored / of unknown links. */
  inserted: number;
  duplicates: number;
  skipped: number;
}

export interface GroupedIngesterOptions {
  /** Most clicks written in one transaction (submissions are never split). */
  maxClicks?: number;
  /** Transactions in flight at once (the next group is built while one commits). */
  parallel?: number;
  /** Called once per committed transaction with the per-link summary of everything it stored. */
  onCommitted?: (summaries: LiveLinkSummary[], inserted: number) => void | Promise<void>;
}

interface Pending {
  clicks: EnrichedClick[];
  resolve: (share: GroupShare) => void;
  reject: (err: unknown) => void;
}

/**
 * Groups the clicks of jobs processed at the same time into one ingest transaction at a time. Fewer, larger
 * transactions write fewer rollup rows per click and never wait for each other's row locks. A submission is
 * resolved only after the transaction holding its clicks committed; if it fails, every submission in it is
 * rejected (the jobs are retried, and `ON CONFLICT` keeps the retry exact).
 */
export function createGroupedIngester(dataSource: DataSource, options: GroupedIngesterOptions = {}) {
  const maxClicks = options.maxClicks ?? 10_000;
  const parallel = options.parallel ?? 1;
  const queue: Pending[] = [];
  let running = 0;

  async function drain(): Promise<void> {
    running++;
    while (queue.length > 0) {
      const group: Pending[] = [];
      let size = 0;
      while (queue.length > 0 && (group.length === 0 || size + queue[0].clicks.length <= maxClicks)) {
        const next = queue.shift()!;
        group.push(next);
        size += next.clicks.length;
      }
      try {
        const result = await ingestClicksDetailed(dataSource, group.flatMap((p) => p.clicks));
        const fresh = result.insertedIds; // each inserted id is credited to the first submission holding it
        for (const p of group) {
          let inserted = 0;
          let skipped = 0;
          for (const c of p.clicks) {
            if (!result.knownLinkIds.has(c.linkId.toLowerCase())) skipped++;
            else if (fresh.delete(c.id.toLowerCase())) inserted++;
          }
          p.resolve({ inserted, skipped, duplicates: p.clicks.length - inserted - skipped });
        }
        if (result.inserted > 0) await Promise.resolve(options.onCommitted?.(result.summaries, result.inserted)).catch(() => undefined);
      } catch (err) {
        for (const p of group) p.reject(err);
      }
    }
    running--;
  }

  return {
    submit(clicks: EnrichedClick[]): Promise<GroupShare> {
      if (clicks.length === 0) return Promise.resolve({ inserted: 0, duplicates: 0, skipped: 0 });
      const done = new Promise<GroupShare>((resolve, reject) => queue.push({ clicks, resolve, reject }));
      if (running < parallel) void drain();
      return done;
    },
  };
}
export type GroupedIngester = ReturnType<typeof createGroupedIngester>;
