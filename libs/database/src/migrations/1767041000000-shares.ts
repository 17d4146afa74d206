import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 33: shared stats pages (docs/product.md "Shared stats"). `shares` is the read model of the Share streams
 * (owned by the links lib's shares projection; `owner_id` is the workspace, like every owner column): one link or one
 * tag, the SHA-256 of the page's token (unique: the public page finds its share by it), an optional expiry and the id
 * of its password. `share_passwords` holds the argon2id hashes, never put in an event, kept by a rebuild like
 * `link_passwords` (decision 0005).
 */
export class Shares1767041000000 implements MigrationInterface {
  name = 'Shares1767041000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE shares (
        id uuid PRIMARY KEY,
        owner_id uuid NOT NULL,
        link_id uuid,
        tag text,
        token_hash text NOT NULL,
        password_id uuid,
        expires_at timestamptz,
        created_at timestamptz NOT NULL,
        created_by uuid,
        CONSTRAINT shares_one_subject CHECK ((link_id IS NULL) <> (tag IS NULL))
      )`);
    await q.query(`CREATE UNIQUE INDEX shares_token_hash ON shares (token_hash)`);
    await q.query(`CREATE INDEX shares_owner ON shares (owner_id, created_at DESC)`);
    await q.query(`CREATE INDEX shares_link ON shares (link_id) WHERE link_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE share_passwords (
        id uuid PRIMARY KEY,
        share_id uuid NOT NULL,
        hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX share_passwords_share ON share_passwords (share_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE share_passwords`);
    await q.query(`DROP TABLE shares`);
  }
}
