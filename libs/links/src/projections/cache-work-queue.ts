import type { CacheWork } from './link-cache.js';

const MAX_PENDING = 10_000;

/**
 * Cache work learnt in `apply` (inside the transaction, where the rows still exist), keyed by event position, taken
 * in `afterCommit`. Entries of rolled-back transactions or of a rebuild are never taken: bounded and cleared.
 */
export class CacheWorkQueue {
  private readonly byPosition = new Map<number, CacheWork>();

  add(position: number, work: Partial<CacheWork>): void {
    const entry = this.byPosition.get(position) ?? { stale: [], linkIds: [] };
    entry.stale.push(...(work.stale ?? []));
    entry.linkIds.push(...(work.linkIds ?? []));
    if (work.resetUses?.length) (entry.resetUses ??= []).push(...work.resetUses);
    if (work.domainsChanged) entry.domainsChanged = true;
    this.byPosition.set(position, entry);
    if (this.byPosition.size > MAX_PENDING) this.byPosition.delete(this.byPosition.keys().next().value!);
  }

  take(position: number): CacheWork | undefined {
    const work = this.byPosition.get(position);
    this.byPosition.delete(position);
    return work;
  }

  clear(): void {
    this.byPosition.clear();
  }
}
