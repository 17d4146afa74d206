import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Accounts a company can trust (docs/security.md "Accounts"):
 * - users: `must_change_password` (an admin reset), `two_factor_enabled`, and the OpenID Connect identity an account
 *   signs in with (issuer + subject, unique); `password_hash` becomes optional (an account made by single sign-on has
 *   none).
 * - sessions: a public id (the session list ends a session by it; the token hash never leaves the server), the device
 *   and address it was opened from.
 * - two_factor / two_factor_recovery_codes: the sealed TOTP secret and the argon2id hashes of the recovery codes. Not
 *   read models (security state, like sessions): a projection rebuild keeps them.
 */
export class AccountSecurity1767032000000 implements MigrationInterface {
  name = 'AccountSecurity1767032000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE users
        ALTER COLUMN password_hash DROP NOT NULL,
        ADD COLUMN must_change_password boolean NOT NULL DEFAULT false,
        ADD COLUMN two_factor_enabled boolean NOT NULL DEFAULT false,
        ADD COLUMN oidc_issuer text,
        ADD COLUMN oidc_subject text;
      CREATE UNIQUE INDEX users_oidc_identity ON users (oidc_issuer, oidc_subject) WHERE oidc_issuer IS NOT NULL;

      ALTER TABLE sessions
        ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid(),
        ADD COLUMN user_agent text,
        ADD COLUMN ip text;
      CREATE UNIQUE INDEX sessions_id ON sessions (id);

      CREATE TABLE two_factor (
        user_id       uuid PRIMARY KEY,
        secret_sealed text NOT NULL,
        enabled_at    timestamptz,
        last_step     bigint,
        created_at    timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE two_factor_recovery_codes (
        id        uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id   uuid NOT NULL,
        code_hash text NOT NULL,
        used_at   timestamptz
      );
      CREATE INDEX two_factor_recovery_codes_user ON two_factor_recovery_codes (user_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE two_factor_recovery_codes;
      DROP TABLE two_factor;
      DROP INDEX sessions_id;
      ALTER TABLE sessions DROP COLUMN id, DROP COLUMN user_agent, DROP COLUMN ip;
      DROP INDEX users_oidc_identity;
      ALTER TABLE users DROP COLUMN must_change_password, DROP COLUMN two_factor_enabled, DROP COLUMN oidc_issuer, DROP COLUMN oidc_subject;
      UPDATE users SET password_hash = '' WHERE password_hash IS NULL;
      ALTER TABLE users ALTER COLUMN password_hash SET NOT NULL;
    `);
  }
}
