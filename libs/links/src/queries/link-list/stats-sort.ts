import type { DataSource } from 'typeorm';
import { SqlParams } from '@app/database';
import { linkFilterSql, type LinkFilter } from './link-filter.js';
import type { LinkOrder } from './link-order.js';

/** The `link_stats` column a sort reads, and what "has a value" means for it (a link with clicks has a stats row). */
const STATS_KEYS = {
  clicks: { key: 's.click_count', has: 's.click_count > 0' },
  lastClick: { key: 's.last_click_at', has: 's.last_click_at IS NOT NULL' },
} as const;

type StatsSort = keyof typeof STATS_KEYS;
const isStatsSort = (sort: string): sort is StatsSort => sort in STATS_KEYS;

/**
 * The first `first` links of a list sorted by clicks or by last click, read in index order instead of joining and
 * sorting every matching link (migration LinkStatsSortIndexes; docs/performance-history.md). Every link with a value
 * sorts before every link without one (desc; after them, asc), so the list is the links WITH a value in key order
 * (walked from `link_stats_owner_clicks` / `_last_click`: the owner reaches link_stats through `s.owner_id =
 * l.owner_id`) followed by the links WITHOUT one in creation order (from `links_owner_archived`). The second part is
 * read only when the first holds fewer than `first`: a search is matched once, not once per part. The caller orders
 * these ids by the full `linkOrderSql` and slices the page. Null for the other sorts (their indexes give the order).
 */
export async function statsSortFirstIds(db: DataSource, filter: LinkFilter, { sort, order }: LinkOrder, first: number): Promise<string[] | null> {
  if (!isStatsSort(sort)) return null;
  const [dir, tie] = order === 'desc' ? ['DESC', 'ASC'] : ['ASC', 'DESC'];
  const { key, has } = STATS_KEYS[sort];
  const withValue = (p: SqlParams, n: number) =>
    `SELECT l.id FROM link_stats s JOIN links l ON l.id = s.link_id AND s.owner_id = l.owner_id
      WHERE ${has} AND ${linkFilterSql(filter, p)}
      ORDER BY ${key} ${dir}, l.created_at ${dir}, l.id ${tie} LIMIT ${p.add(n)}`;
  const withoutValue = (p: SqlParams, n: number) =>
    `SELECT l.id FROM links l
      WHERE ${linkFilterSql(filter, p)} AND NOT EXISTS (SELECT 1 FROM link_stats s WHERE s.link_id = l.id AND ${has})
      ORDER BY l.created_at ${dir}, l.id ${tie} LIMIT ${p.add(n)}`;
  const parts = order === 'desc' ? [withValue, withoutValue] : [withoutValue, withValue];
  // Without parallel workers: a search's walk of link_stats stops after a page of matches, but the planner's estimate
  // of how soon sends it to two workers, whose start and read-ahead cost 23-48 ms instead of ~1 ms (EXPLAIN ANALYZE at
  // 1,000,000 links: docs/performance-history.md).
  return db.transaction(async (tx) => {
    await tx.query<[]>('SET LOCAL max_parallel_workers_per_gather = 0');
    const ids: string[] = [];
    for (const part of parts) {
      if (ids.length >= first) break;
      const p = new SqlParams();
      const rows = await tx.query<{ id: string }[]>(part(p, first - ids.length), p.values);
      ids.push(...rows.map((r) => r.id));
    }
    return ids;
  });
}
