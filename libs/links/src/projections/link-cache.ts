import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { DEFAULT_HOST_KEY, redisKeys, type CachedLink } from '@app/contracts';

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
}

/** Links of inactive domains are not served (as the redirector's own Postgres lookup and warm-up do). */
const SELECT = `SELECT l.id, l.short_code, l.original_url, l.og_title, l.og_description, l.og_image, d.domain,
                       COALESCE(NOT d.is_active, false) AS inactive
                FROM links l LEFT JOIN domains d ON d.id = l.domain_id`;

export const hostKeyOf = (domain: string | null): string => (domain ? domain.toLowerCase() : DEFAULT_HOST_KEY);

/** Links (alias l) with their cache host; add a WHERE. */
export const HOST_CODE_SQL = `SELECT l.short_code AS code, l.domain_id, d.domain FROM links l LEFT JOIN domains d ON d.id = l.domain_id`;

/** Rows of HOST_CODE_SQL → cache keys; a link whose domain row is already gone is skipped (its host is unknown here). */
export const toHostCodes = (rows: { code: string; domain: string | null; domain_id: string | null }[]): HostCode[] =>
  rows.filter((r) => r.domain_id === null || r.domain !== null).map((r) => ({ host: hostKeyOf(r.domain), code: r.code }));

/**
 * The redirector's Redis view of links (contract: libs/contracts redis-keys.ts). Every change publishes {host, code}
 * on the invalidation channel so redirector LRUs drop the entry at once.
 */
export class LinkCache {
  private readonly keys: ReturnType<typeof redisKeys>;

  constructor(
    private readonly redis: Redis,
    private readonly dataSource: DataSource,
    prefix: string,
  ) {
    this.keys = redisKeys(prefix);
  }

  async apply(work: CacheWork): Promise<void> {
    if (work.stale.length) await this.remove(work.stale);
    if (work.linkIds.length) {
      const rows: CacheRow[] = await this.dataSource.query(`${SELECT} WHERE l.id = ANY($1::uuid[])`, [work.linkIds]);
      await this.write(rows);
    }
  }

  async remove(keys: HostCode[]): Promise<void> {
    const multi = this.redis.multi();
    for (const { host, code } of keys) {
      multi.del(this.keys.link(host, code));
      multi.publish(this.keys.invalidationChannel, JSON.stringify({ host, code }));
    }
    await multi.exec();
  }

  /** After a rebuild: every cached link is dropped and the whole table written again (no invalidation storm). */
  async rewriteAll(): Promise<number> {
    let cursor = '0';
    do {
      const [next, found] = await this.redis.scan(cursor, 'MATCH', this.keys.link('*', '*'), 'COUNT', 1000);
      cursor = next;
      if (found.length) await this.redis.del(...found);
    } while (cursor !== '0');
    return this.writeAll();
  }

  /** Writes every servable link (default host and active domains) into the cache; returns how many (warm-up). */
  async writeAll(): Promise<number> {
    let written = 0;
    for (let after = '00000000-0000-0000-0000-000000000000'; ; ) {
      const rows: CacheRow[] = await this.dataSource.query(`${SELECT} WHERE l.id > $1 ORDER BY l.id LIMIT 1000`, [after]);
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
    const multi = this.redis.multi();
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
      multi.set(this.keys.link(host, row.short_code), JSON.stringify(cached));
      multi.del(this.keys.linkMiss(host, row.short_code));
      if (publish) multi.publish(this.keys.invalidationChannel, JSON.stringify({ host, code: row.short_code }));
    }
    await multi.exec();
    return written;
  }
}
