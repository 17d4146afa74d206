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
  /** Most clicks written in one transaction (a submission's part in a lane is never split). */
  maxClicks?: number;
  /**
   * Transactions in flight at once, each over its own share of the links (by link id). Two lanes never write the
   * same per-link rollup row, so they do not wait for each other's row locks until the shared rows at the very
   * end of the ingest statement (per-IP and per-owner rows).
   */
  lanes?: number;
  /** Called once per committed transaction with the per-link summary of everything it stored. */
  onCommitted?: (summaries: LiveLinkSummary[], inserted: number) => void | Promise<void>;
}

interface Pending {
  clicks: EnrichedClick[];
  resolve: (share: GroupShare) => void;
  reject: (err: unknown) => void;
}

const NOTHING: GroupShare = { inserted: 0, duplicates: 0, skipped: 0 };

/** One transaction at a time over the clicks queued in it, grouped up to `maxClicks`. */
function createLane(dataSource: DataSource, maxClicks: number, onCommitted: GroupedIngesterOptions['onCommitted']) {
  const queue: Pending[] = [];
  let running = false;

  async function drain(): Promise<void> {
    running = true;
    while (queue.length > 0) {
      const group: Pending[] = [];
      let size = 0;
      while (queue.length > 0 && (group.length === 0 || size + queue[0].clicks.length <= maxClicks)) {
        const next = queue.shift()!;
        group.push(next);
        size += next.clicks.length;
      }
      try {
        const result = await ingestClicksDetailed(
          dataSource,
          group.flatMap((p) => p.clicks),
        );
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
        if (result.inserted > 0) await Promise.resolve(onCommitted?.(result.summaries, result.inserted)).catch(() => undefined);
      } catch (err) {
        for (const p of group) p.reject(err);
      }
    }
    running = false;
  }

  return (clicks: EnrichedClick[]): Promise<GroupShare> => {
    const done = new Promise<GroupShare>((resolve, reject) => queue.push({ clicks, resolve, reject }));
    if (!running) void drain();
    return done;
  };
}

/** The lane of a link: from the last hex digits of its id, so the same link always lands in the same lane. */
export function laneOf(linkId: string, lanes: number): number {
  const n = Number.parseInt(linkId.slice(-4), 16);
  return Number.isNaN(n) ? 0 : n % lanes;
}

/**
 * Groups the clicks of jobs processed at the same time into few, large ingest transactions: fewer rollup rows per
 * click, no lock waits between a worker's own jobs. A submission is resolved only after every transaction holding
 * its clicks committed; if one fails, the submission is rejected (the job is retried, and `ON CONFLICT` keeps the
 * retry exact, also for the part another lane already stored).
 */
export function createGroupedIngester(dataSource: DataSource, options: GroupedIngesterOptions = {}) {
  const maxClicks = options.maxClicks ?? 10_000;
  const lanes = Array.from({ length: Math.max(1, options.lanes ?? 1) }, () => createLane(dataSource, maxClicks, options.onCommitted));

  return {
    async submit(clicks: EnrichedClick[]): Promise<GroupShare> {
      if (clicks.length === 0) return NOTHING;
      if (lanes.length === 1) return lanes[0](clicks);
      const parts = lanes.map((): EnrichedClick[] => []);
      for (const c of clicks) parts[laneOf(c.linkId, lanes.length)].push(c);
      const shares = await Promise.all(parts.map((part, i) => (part.length === 0 ? NOTHING : lanes[i](part))));
      return shares.reduce((sum, s) => ({
        inserted: sum.inserted + s.inserted,
        duplicates: sum.duplicates + s.duplicates,
        skipped: sum.skipped + s.skipped,
      }));
    },
  };
}
export type GroupedIngester = ReturnType<typeof createGroupedIngester>;
