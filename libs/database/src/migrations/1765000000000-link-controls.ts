import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Link controls (docs/product.md#link-controls). `links.controls` holds the redirect controls as one JSON object (null for a plain
 * link, so the redirector's plain path stays as it was); `tags` is its own array for `?tag=` and GET /api/tags.
 * Password hashes live in `link_passwords`, written by the links commands (never by a projection, never in an
 * event): the `link-controls-changed` event carries only the opaque `passwordId` of the row, so a rebuild of the
 * `links` projection restores `password_id` and finds the same hash. `clicks.variant` is the A/B variant a click
 * was sent to (null without variants).
 */
export class LinkControls1765000000000 implements MigrationInterface {
  name = 'LinkControls1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE links ADD COLUMN controls jsonb, ADD COLUMN password_id uuid, ADD COLUMN tags text[] NOT NULL DEFAULT '{}';
      CREATE INDEX links_tags ON links USING gin (tags);
      CREATE TABLE link_passwords (
        id         uuid PRIMARY KEY,
        link_id    uuid NOT NULL,
        hash       text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX link_passwords_link ON link_passwords (link_id);
      ALTER TABLE clicks ADD COLUMN variant smallint;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE clicks DROP COLUMN variant;
      DROP TABLE link_passwords;
      DROP INDEX links_tags;
      ALTER TABLE links DROP COLUMN controls, DROP COLUMN password_id, DROP COLUMN tags;
    `);
  }
}
