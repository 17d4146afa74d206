import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 30, fourth pass: the search and tag filter of My Links (docs/architecture.md → "Link lists") read one
 * workspace's candidates from their indexes, not every workspace's. Each trigram index (migration
 * LinkSearchPerColumn) and the tags index (migration LinkControls) now leads with `owner_id` (`btree_gin` gives
 * uuid a GIN operator class), so `owner_id = $1 AND lower(name) LIKE '%spring sale%'` intersects the owner's posting
 * list inside the index instead of building a bitmap of all 1,000,000 links and filtering it by owner afterwards.
 *
 * A multicolumn GIN index serves a condition on any subset of its columns, so the admin's every-workspace search
 * (no owner condition) and `tags @>` over every workspace still use these indexes: the old ones are replaced.
 * At 1,000,000 links (100,000 of one workspace) the count of "spring sale" read 1,390 index candidates instead of
 * 13,890 (28–84 ms instead of 149–232), the tag filter's index 33 buffers instead of 505: EXPLAIN (ANALYZE,
 * BUFFERS) in docs/performance-history.md ("A team's volume of links", fourth pass).
 */
export class LinkSearchByOwner1767055000000 implements MigrationInterface {
  name = 'LinkSearchByOwner1767055000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE EXTENSION IF NOT EXISTS btree_gin;
      CREATE INDEX links_owner_name_trgm ON links USING gin (owner_id, lower(name) gin_trgm_ops);
      CREATE INDEX links_owner_code_trgm ON links USING gin (owner_id, lower(short_code) gin_trgm_ops);
      CREATE INDEX links_owner_url_trgm ON links USING gin (owner_id, lower(original_url) gin_trgm_ops);
      CREATE INDEX links_owner_tags ON links USING gin (owner_id, tags);
      DROP INDEX links_name_lower_trgm, links_code_lower_trgm, links_url_lower_trgm, links_tags;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX links_name_lower_trgm ON links USING gin (lower(name) gin_trgm_ops);
      CREATE INDEX links_code_lower_trgm ON links USING gin (lower(short_code) gin_trgm_ops);
      CREATE INDEX links_url_lower_trgm ON links USING gin (lower(original_url) gin_trgm_ops);
      CREATE INDEX links_tags ON links USING gin (tags);
      DROP INDEX links_owner_tags, links_owner_url_trgm, links_owner_code_trgm, links_owner_name_trgm;
    `);
  }
}
