import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 35 (docs/security.md#webhooks): an endpoint that keeps failing is paused. `failures_in_row` counts failed
 * attempts since the last success; at WEBHOOK_PAUSE_AFTER the webhook's `status` becomes `paused` (`paused_at` says
 * when) and its waiting deliveries are held (delivery status `paused`) until someone resumes it. Defaults on an
 * ADD COLUMN are metadata only in Postgres 11+: no rewrite.
 */
export class WebhookPause1767044000000 implements MigrationInterface {
  name = 'WebhookPause1767044000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE webhooks ADD COLUMN status text NOT NULL DEFAULT 'active', ADD COLUMN failures_in_row integer NOT NULL DEFAULT 0,
         ADD COLUMN paused_at timestamptz`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE webhook_deliveries SET status = 'pending' WHERE status = 'paused'`);
    await q.query(`ALTER TABLE webhooks DROP COLUMN status, DROP COLUMN failures_in_row, DROP COLUMN paused_at`);
  }
}
