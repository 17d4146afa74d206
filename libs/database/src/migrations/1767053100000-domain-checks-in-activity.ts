import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The worker's automatic domain check (docs/product.md#domain-ownership) stored its `domain-verified` and
 * `domain-verification-expired` events without `metadata.workspaceId`, so they were missing from the workspace's
 * activity (docs/architecture.md "Workspaces", Activity). They belong to the domain's workspace: the `ownerId` of the
 * stream's `domain-added` (a domain never changes workspace). Only metadata changes, as in ActivityBeforeWorkspaces.
 */
export class DomainChecksInActivity1767053100000 implements MigrationInterface {
  name = 'DomainChecksInActivity1767053100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE events e SET metadata = e.metadata || jsonb_build_object('workspaceId', o.owner_id)
        FROM (SELECT stream_id, data->>'ownerId' AS owner_id FROM events
               WHERE type = 'domain-added' AND stream_type = 'Domain' AND data ? 'ownerId') o
       WHERE e.stream_id = o.stream_id AND e.stream_type = 'Domain' AND e.metadata->>'workspaceId' IS NULL
    `);
  }

  async down(): Promise<void> {
    // The events keep where they were made: a workspace id they would have had is not told apart from one they had.
  }
}
