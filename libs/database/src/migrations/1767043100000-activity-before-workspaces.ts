import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 31: a workspace's activity reads its events by `metadata->>'workspaceId'`; the link and domain events stored
 * before workspaces carry none, so a personal workspace's activity started at the upgrade. Those events belong to the
 * personal workspace of the stream's owner (a personal workspace's id is its user's id: `ownerId` of the stream's
 * `link-created` or `domain-added`), and that is written into their metadata once. Only metadata changes (what the
 * store records about where a change was made, as for every event since); no event's type or data does.
 */
export class ActivityBeforeWorkspaces1767043100000 implements MigrationInterface {
  name = 'ActivityBeforeWorkspaces1767043100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE events e SET metadata = e.metadata || jsonb_build_object('workspaceId', o.owner_id)
        FROM (SELECT stream_id, data->>'ownerId' AS owner_id FROM events
               WHERE type IN ('link-created', 'domain-added') AND stream_type IN ('Link', 'Domain') AND data ? 'ownerId') o
       WHERE e.stream_id = o.stream_id AND e.stream_type IN ('Link', 'Domain') AND e.metadata->>'workspaceId' IS NULL
    `);
  }

  async down(): Promise<void> {
    // The events keep where they were made: a workspace id they would have had is not told apart from one they had.
  }
}
