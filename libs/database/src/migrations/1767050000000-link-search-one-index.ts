import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 30, third pass: a search of My Links (docs/architecture.md → "Link lists") is one case-folded substring
 * match over one expression, `lower(name || chr(1) || short_code || chr(1) || original_url)`, with one trigram GIN
 * index, instead of three `ILIKE`s over three indexes OR-ed together. The separator chr(1) is never in a search term
 * (`linkFilterSql`), so a term matches the expression exactly when it is part of one of the three columns.
 *
 * Why: the three-way OR read three indexes for a rare term (three bitmaps, the common trigrams' long posting lists
 * read three times) and, for a common term, the planner's owner-index scan rechecked every row with three `ILIKE`s,
 * each folding case again; `lower(…) LIKE` of one string costs about a third (bench/links.js, EXPLAIN (ANALYZE,
 * BUFFERS) in docs/performance-history.md). One index instead of three also makes each new link cheaper to insert.
 */
export class LinkSearchOneIndex1767050000000 implements MigrationInterface {
  name = 'LinkSearchOneIndex1767050000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX links_search_trgm ON links USING gin (lower(name || chr(1) || short_code || chr(1) || original_url) gin_trgm_ops);
      DROP INDEX links_name_trgm, links_code_trgm, links_url_trgm;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX links_name_trgm ON links USING gin (name gin_trgm_ops);
      CREATE INDEX links_code_trgm ON links USING gin (short_code gin_trgm_ops);
      CREATE INDEX links_url_trgm ON links USING gin (original_url gin_trgm_ops);
      DROP INDEX links_search_trgm;
    `);
  }
}
