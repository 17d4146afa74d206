import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Imports that lose nothing (issue 34, docs/architecture.md "Imports"): `links.imported_clicks` holds the click total
 * a link had in the product it came from (shown apart, never added to the exact click rollups); `imports.notes` keeps
 * what an import changed on a row it kept (a title shortened, tags dropped). One running import per user: a partial
 * unique index, so two requests racing both pass the check but only one row is inserted (the other answers 409).
 */
export class ImportedLinks1767034000000 implements MigrationInterface {
  name = 'ImportedLinks1767034000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE links ADD COLUMN imported_clicks integer;
      ALTER TABLE imports ADD COLUMN notes jsonb NOT NULL DEFAULT '[]', ADD COLUMN shape text;
      UPDATE imports SET status = 'failed', error = 'Stopped by an upgrade.', finished_at = now()
       WHERE status = 'running' AND id NOT IN (SELECT DISTINCT ON (owner_id) id FROM imports WHERE status = 'running' ORDER BY owner_id, created_at DESC);
      CREATE UNIQUE INDEX imports_one_running ON imports (owner_id) WHERE status = 'running';
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX imports_one_running;
      ALTER TABLE imports DROP COLUMN notes, DROP COLUMN shape;
      ALTER TABLE links DROP COLUMN imported_clicks;
    `);
  }
}
