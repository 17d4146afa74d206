import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { DEFAULT_HOST_KEY, DOMAINS_CHANGED_MESSAGE, cachedControlsOf, linkInvalidation, type CachedLink } from '@app/contracts';
import { scanKeys, RedisStore } from '@app/queue';
import type { StoredControls } from '../model/link-controls.js';

const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 5000;
const MAX_RETRIES_KEPT = 10_000;

/** A (host, code) pair of the redirector's cache: host is DEFAULT_HOST_KEY or the lowercased custom domain. */
export interface HostCode {
  host: string;
  code: string;
}

/** What a projection learnt in `apply` and the cache must do after the commit. */
export interface CacheWork {
  /** Keys that no longer resolve (deleted link, old host of a renamed domain). */
  stale: HostCode[];
  /** Links to (re)write from the committed read model. */
  linkIds: string[];
  /**
   * Links whose maxClicks use counter must be dropped: the limit was just set (the counter is re-seeded from the
   * stored clicks on the next visit, as uses were not counted while there was no limit) or the link was deleted.
   */
  resetUses?: string[];
  /** A domain became active or inactive or changed its name: redirectors reload their own hosts (loop guard). */
  domainsChanged?: boolean;
}

interface CacheRow {
  id: string;
  short_code: string;
  original_url: string;
  og_title: string | null;
  og_description: string | null;
  og_image: string | null;
  domain: string | null;
  inactive: boolean;
  controls: StoredControls | null;
  has_password: boolean;
}

/** Links of inactive domains are not served (as the redirector's own Postgres lookup and warm-up do). */
const SELECT = `SELECT l.id, l.short_code, l.original_url, l.og_title, l.og_description, l.og_image, d.domain,
                       l.controls, l.password_id IS NOT NULL AS has_password,
                       COALESCE(NOT d.is_active, false) AS inactive
                FROM links l LEFT JOIN domains d ON d.id = l.domain_id`;

const hostKeyOf = (domain: string | null): string => (domain ? domain.toLowerCase() : DEFAULT_HOST_KEY);

/** Links (alias l) with their cache host; add a WHERE. */
export const HOST_CODE_SQL = `SELECT l.short_code AS code, l.domain_id, d.domain FROM links l LEFT JOIN domains d ON d.id = l.domain_id`;

/** A row of HOST_CODE_SQL. */
export interface HostCodeRow {
  code: string;
  domain: string | null;
  domain_id: string | null;
}

/** Rows of HOST_CODE_SQL → cache keys; a link whose domain row is already gone is skipped (its host is unknown here). */
export const toHostCodes = (rows: HostCodeRow[]): HostCode[] =>
  rows.filter((r) => r.domain_id === null || r.domain !== null).map((r) => ({ host: hostKeyOf(r.domain), code: r.code }));

/**
 * The redirector's Redis view of links (contract: libs/contracts redis-keys.ts). Every change publishes {host, code}
 * on the invalidation channel so redirector LRUs drop the entry at once.
 */
export class LinkCache extends RedisStore {
  /** Work that failed (Redis down or frozen), retried in order in the background; later work queues behind it. */
  private readonly retries: CacheWork[] = [];
  private retryTimer: NodeJS.Timeout | null = null;
  private retryDelayMs = RETRY_FIRST_MS;
  /** Set when the retry queue overflowed: the whole cache is rewritten from Postgres once Redis answers. */
  private rewriteNeeded = false;

  constructor(
    redis: Redis,
    private readonly dataSource: DataSource,
    prefix: string,
  ) {
    super(redis, prefix);
  }

  /**
   * Applies the work after a commit. While Redis fails it is queued and retried in the background (the redirector
   * reads Postgres on a cache miss meanwhile), so a committed write is never reported as failed: this throws only to
   * let the caller log the first failure.
   */
  async apply(work: CacheWork): Promise<void> {
    if (this.retries.length > 0 || this.rewriteNeeded) return this.queueRetry(work);
    try {
      await this.applyNow(work);
    } catch (err) {
      this.queueRetry(work);
      throw err;
    }
  }

  /** How many cache changes wait for Redis (0 when the cache is up to date). */
  get pendingRetries(): number {
    return this.retries.length + (this.rewriteNeeded ? 1 : 0);
  }

  private queueRetry(work: CacheWork): void {
    if (this.retries.length >= MAX_RETRIES_KEPT) {
      this.retries.length = 0;
      this.rewriteNeeded = true;
    } else if (!this.rewriteNeeded) {
      this.retries.push(work);
    }
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => void this.drainRetries(), this.retryDelayMs);
    this.retryTimer.unref();
  }

  private async drainRetries(): Promise<void> {
    this.retryTimer = null;
    try {
      if (this.rewriteNeeded) {
        await this.rewriteAll();
        this.rewriteNeeded = false;
      }
      while (this.retries.length > 0) {
        await this.applyNow(this.retries[0]);
        this.retries.shift();
      }
      this.retryDelayMs = RETRY_FIRST_MS;
    } catch {
      this.retryDelayMs = Math.min(this.retryDelayMs * 2, RETRY_MAX_MS);
      this.scheduleRetry();
    }
  }

  private async applyNow(work: CacheWork): Promise<void> {
    // One DEL per key: single-key commands work on Redis Cluster.
    if (work.resetUses?.length) await Promise.all(work.resetUses.map((id) => this.redis.del(this.keys.linkUses(id))));
    if (work.stale.length) await this.remove(work.stale);
    if (work.linkIds.length) {
      const rows = await this.dataSource.query<CacheRow[]>(`${SELECT} WHERE l.id = ANY($1::uuid[])`, [work.linkIds]);
      await this.write(rows);
    }
    if (work.domainsChanged) await this.redis.publish(this.keys.invalidationChannel, DOMAINS_CHANGED_MESSAGE);
  }

  async remove(keys: HostCode[]): Promise<void> {
    // One MULTI per link (its keys share a hash slot, so this also works on a Redis Cluster), sent pipelined.
    await Promise.all(
      keys.map(({ host, code }) =>
        this.redis.multi().del(this.keys.link(host, code)).publish(this.keys.invalidationChannel, linkInvalidation(host, code)).exec(),
      ),
    );
  }

  /** After a rebuild: every cached link is dropped and the whole table written again (no invalidation storm). */
  async rewriteAll(): Promise<number> {
    // Every master of a cluster; DEL one key at a time (keys of other slots cannot share a DEL there), pipelined.
    const found = await scanKeys(this.redis, this.keys.link('*', '*'));
    for (let i = 0; i < found.length; i += 1000) await Promise.all(found.slice(i, i + 1000).map((k) => this.redis.del(k)));
    const written = await this.writeAll();
    // Work dropped from an overflowing retry queue may have changed domains too.
    await this.redis.publish(this.keys.invalidationChannel, DOMAINS_CHANGED_MESSAGE);
    return written;
  }

  /** Writes every servable link (default host and active domains) into the cache; returns how many (warm-up). */
  async writeAll(): Promise<number> {
    let written = 0;
    for (let after = '00000000-0000-0000-0000-000000000000'; ;) {
      const rows = await this.dataSource.query<CacheRow[]>(`${SELECT} WHERE l.id > $1 ORDER BY l.id LIMIT 1000`, [after]);
      if (rows.length === 0) break;
      written += await this.write(rows, false);
      after = rows[rows.length - 1].id;
    }
    return written;
  }

  /** Returns how many links were written (links of inactive domains are skipped). */
  private async write(rows: CacheRow[], publish = true): Promise<number> {
    if (rows.length === 0) return 0;
    let written = 0;
    const sent: Promise<unknown>[] = [];
    for (const row of rows) {
      if (row.inactive) continue;
      written++;
      const host = hostKeyOf(row.domain);
      const cached: CachedLink = {
        id: row.id,
        url: row.original_url,
        ogTitle: row.og_title,
        ogDescription: row.og_description,
        ogImage: row.og_image,
      };
      const x = cachedControlsOf(row.controls, row.has_password);
      if (x) cached.x = x;
      // One MULTI per link (entry and miss marker share a hash slot: fine on a Redis Cluster), all pipelined.
      const multi = this.redis
        .multi()
        .set(this.keys.link(host, row.short_code), JSON.stringify(cached))
        .del(this.keys.linkMiss(host, row.short_code));
      if (publish) multi.publish(this.keys.invalidationChannel, linkInvalidation(host, row.short_code));
      sent.push(multi.exec());
    }
    await Promise.all(sent);
    return written;
  }
}
