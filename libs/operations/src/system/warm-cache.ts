import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { DEFAULT_HOST_KEY, redisKeys, type CachedLink } from '@app/contracts';

/** Warmed entries expire like any cache entry; a miss falls back to Postgres. */
export const WARM_CACHE_TTL_SECONDS = 24 * 3600;
const PAGE = 5000;

interface LinkRow {
  id: string;
  short_code: string;
  original_url: string;
  og_title: string | null;
  og_description: string | null;
  og_image: string | null;
  host: string | null;
}

/** Writes every link of the default host and of active custom domains into the Redis link cache; returns how many. */
export async function warmLinkCache(dataSource: DataSource, redis: Redis, prefix: string): Promise<number> {
  const keys = redisKeys(prefix);
  let warmed = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows: LinkRow[] = await dataSource.query(
      `SELECT l.id, l.short_code, l.original_url, l.og_title, l.og_description, l.og_image, lower(d.domain) AS host
         FROM links l LEFT JOIN domains d ON d.id = l.domain_id
        WHERE l.id > $1 AND (l.domain_id IS NULL OR d.is_active)
        ORDER BY l.id LIMIT ${PAGE}`,
      [after],
    );
    if (rows.length === 0) break;
    const pipeline = redis.pipeline();
    for (const r of rows) {
      const cached: CachedLink = { id: r.id, url: r.original_url, ogTitle: r.og_title, ogDescription: r.og_description, ogImage: r.og_image };
      const host = r.host ?? DEFAULT_HOST_KEY;
      pipeline.set(keys.link(host, r.short_code), JSON.stringify(cached), 'EX', WARM_CACHE_TTL_SECONDS);
      pipeline.del(keys.linkMiss(host, r.short_code));
    }
    await pipeline.exec();
    warmed += rows.length;
    after = rows[rows.length - 1].id;
    if (rows.length < PAGE) break;
  }
  return warmed;
}
