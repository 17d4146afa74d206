import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 31: workspaces (docs/architecture.md "Workspaces"). The owner column every table already has
 * (`links.owner_id`, `domains.owner_id`, the `owner_*` rollups, `webhooks.owner_id`, `imports.owner_id`) now holds a
 * WORKSPACE id, and a personal workspace's id equals its user's id: so every existing row already belongs to its
 * user's personal workspace, and the ingest, the rollups and their figures stay exactly as they were (no row of
 * them is touched here; test/integration/workspaces-migration.int-spec.ts compares every dashboard figure).
 *
 * - `workspaces`, `workspace_members`, `workspace_invitations`: identity's read models of the `Workspace` streams.
 * - Each existing user gets their personal workspace the way a new account does: the two events `workspace-created`
 *   and `workspace-member-added` (owner) on the stream `md5('workspace:' || id)::uuid` (workspaceStreamId), and the
 *   rows those events project, so a projection rebuild gives the same rows.
 * - `api_keys.workspace_id`: the one workspace a key acts in (existing keys: their owner's personal workspace).
 * - `events_workspace_activity`: the activity feed reads a workspace's events by `metadata->>'workspaceId'`.
 */
export class Workspaces1767031000000 implements MigrationInterface {
  name = 'Workspaces1767031000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE workspaces (
        id          uuid PRIMARY KEY,
        name        text NOT NULL,
        slug        text NOT NULL,
        is_personal boolean NOT NULL,
        created_at  timestamptz NOT NULL
      );
      CREATE TABLE workspace_members (
        workspace_id uuid NOT NULL,
        user_id      uuid NOT NULL,
        role         text NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
        joined_at    timestamptz NOT NULL,
        PRIMARY KEY (workspace_id, user_id)
      );
      CREATE INDEX workspace_members_user ON workspace_members (user_id);
      CREATE TABLE workspace_invitations (
        id           uuid PRIMARY KEY,
        workspace_id uuid NOT NULL,
        role         text NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
        token_hash   text NOT NULL UNIQUE,
        expires_at   timestamptz NOT NULL,
        created_by   uuid NOT NULL,
        created_at   timestamptz NOT NULL
      );
      CREATE INDEX workspace_invitations_workspace ON workspace_invitations (workspace_id, created_at);

      ALTER TABLE api_keys ADD COLUMN workspace_id uuid;
      UPDATE api_keys SET workspace_id = owner_id;
      ALTER TABLE api_keys ALTER COLUMN workspace_id SET NOT NULL;
      CREATE INDEX api_keys_workspace ON api_keys (workspace_id, created_at);

      CREATE INDEX events_workspace_activity ON events ((metadata->>'workspaceId'), position) WHERE metadata ? 'workspaceId';
    `);
    // Personal workspaces of the accounts that exist, as events (the same two a new account's sign-up appends) …
    const at = `to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    await q.query(`
      INSERT INTO events (stream_type, stream_id, version, type, data, metadata)
      SELECT 'Workspace', md5('workspace:' || u.id)::uuid, e.version, e.type, e.data,
             jsonb_build_object('actorId', u.id, 'workspaceId', u.id)
        FROM (SELECT * FROM users ORDER BY created_at, id) u
        CROSS JOIN LATERAL (VALUES
          (1, 'workspace-created',
              jsonb_build_object('workspaceId', u.id, 'name', 'Personal', 'slug', 'personal', 'personal', true, 'by', u.id, 'at', ${at})),
          (2, 'workspace-member-added',
              jsonb_build_object('workspaceId', u.id, 'userId', u.id, 'role', 'owner', 'by', u.id, 'at', ${at}))
        ) AS e(version, type, data)
       ORDER BY u.created_at, u.id, e.version
    `);
    // … and the rows those events project.
    await q.query(`
      INSERT INTO workspaces (id, name, slug, is_personal, created_at) SELECT id, 'Personal', 'personal', true, created_at FROM users;
      INSERT INTO workspace_members (workspace_id, user_id, role, joined_at) SELECT id, id, 'owner', created_at FROM users;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DELETE FROM events WHERE stream_type = 'Workspace';
      DROP INDEX events_workspace_activity;
      DROP INDEX api_keys_workspace;
      ALTER TABLE api_keys DROP COLUMN workspace_id;
      DROP TABLE workspace_invitations;
      DROP TABLE workspace_members;
      DROP TABLE workspaces;
    `);
  }
}
