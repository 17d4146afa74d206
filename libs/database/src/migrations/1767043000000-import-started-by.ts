import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 31: an import's links name who started it in the workspace's activity, not the workspace. `started_by` keeps
 * the user and, when a key started it, the API key (`{userId, apiKeyId, apiKeyName}`) for the worker that creates the
 * links. Nullable, no default (no rewrite): an import started before is credited to its owner column, which was then
 * always the user's personal workspace, whose id is the user's.
 */
export class ImportStartedBy1767043000000 implements MigrationInterface {
  name = 'ImportStartedBy1767043000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE imports ADD COLUMN started_by jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE imports DROP COLUMN started_by`);
  }
}
