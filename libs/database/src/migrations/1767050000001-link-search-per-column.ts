import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 30, third pass, corrected: a search of My Links (docs/architecture.md → "Link lists") is
 * `lower(name) LIKE p OR lower(short_code) LIKE p OR lower(original_url) LIKE p` with one trigram GIN index per
 * case-folded column (a bitmap OR of three).
 *
 * LinkSearchOneIndex indexed the three columns as one string. That made a common term's recheck cheaper, but a
 * term of several words then matched every row holding those words in ANY of the columns (a name's word and a URL's
 * path word): "webinar pricing 9" had 8,359 candidates to recheck instead of about 1,600 at 1,000,000 links
 * (EXPLAIN (ANALYZE, BUFFERS), docs/performance-history.md). Per column, the words of a term must be in one column.
 * `lower(col) LIKE` keeps the cheaper recheck: it folds case once per value, where ILIKE folds it per comparison.
 */
export class LinkSearchPerColumn1767050000001 implements MigrationInterface {
  name = 'LinkSearchPerColumn1767050000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX links_name_lower_trgm ON links USING gin (lower(name) gin_trgm_ops);
      CREATE INDEX links_code_lower_trgm ON links USING gin (lower(short_code) gin_trgm_ops);
      CREATE INDEX links_url_lower_trgm ON links USING gin (lower(original_url) gin_trgm_ops);
      DROP INDEX links_search_trgm;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX links_search_trgm ON links USING gin (lower(name || chr(1) || short_code || chr(1) || original_url) gin_trgm_ops);
      DROP INDEX links_url_lower_trgm, links_code_lower_trgm, links_name_lower_trgm;
    `);
  }
}
