import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 30, second pass: My Links sorted by clicks or by last click (docs/architecture.md "Link lists") reads a page
 * in order instead of joining and sorting every link of the workspace. A link with clicks has a `link_stats` row; an
 * index on the owner and each sort key gives the clicked links in order (the page's query walks it and stops), and
 * the unclicked ones come from `links_owner_archived` in creation order. At 100,000 links of one workspace in
 * 1,000,000 the page went from a hash join of 100,000 rows to reading about 60 (docs/performance-history.md).
 *
 * `(owner_id, click_count)` replaces `link_stats_owner (owner_id)`, which it covers (the stats' sum by owner), so the
 * ingest keeps one more index on the table, not two. The cost: an update that changes an indexed column cannot be
 * HOT, so each batch's upsert of a link's row now also writes the two index entries.
 */
export class LinkStatsSortIndexes1767045000000 implements MigrationInterface {
  name = 'LinkStatsSortIndexes1767045000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX link_stats_owner_clicks ON link_stats (owner_id, click_count);
      CREATE INDEX link_stats_owner_last_click ON link_stats (owner_id, last_click_at);
      DROP INDEX link_stats_owner;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX link_stats_owner ON link_stats (owner_id);
      DROP INDEX link_stats_owner_last_click, link_stats_owner_clicks;
    `);
  }
}
