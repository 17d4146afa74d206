import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 33: each click keeps the primary tag of the visitor's Accept-Language (`en`, `pt`), read by the language
 * filter and breakdown. A nullable column without a default: adding it rewrites no partition, and clicks stored
 * before have none (NULL, shown as unknown). No index and no rollup: decision 0008 says why.
 */
export class ClickLanguage1767033000000 implements MigrationInterface {
  name = 'ClickLanguage1767033000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE clicks ADD COLUMN language text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE clicks DROP COLUMN language`);
  }
}
