import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The hourly purge of expired sessions finds them by expiry. */
export class SessionsExpiryIndex1765200000001 implements MigrationInterface {
  name = 'SessionsExpiryIndex1765200000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX sessions_expires_at ON sessions (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX sessions_expires_at`);
  }
}
