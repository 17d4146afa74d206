import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 36: a delivery whose attempt failed and will be tried again keeps when (`next_attempt_at`), so the
 * deliveries table can say "failed, next try at …" instead of a bare "Pending". Nullable, no default: no rewrite.
 */
export class WebhookNextAttempt1767036000000 implements MigrationInterface {
  name = 'WebhookNextAttempt1767036000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_deliveries ADD COLUMN next_attempt_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_deliveries DROP COLUMN next_attempt_at`);
  }
}
