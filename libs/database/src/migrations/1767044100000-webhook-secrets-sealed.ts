import type { MigrationInterface, QueryRunner } from 'typeorm';
import { openSecret, sealSecret, secretsKeyFrom } from '@app/config';

/**
 * Issue 35 (docs/security.md#webhooks): webhook signing secrets were stored in plain text, so anyone reading the table or
 * a dump could sign forged deliveries to every customer endpoint. They are sealed like the SSL keys and TOTP secrets
 * (decision 0005: AES-256-GCM under SECRETS_KEY, `webhook:{id}` as additional data) into `secret_sealed`, and the
 * plain-text column goes. Reads SECRETS_KEY itself: run it with the same environment as the apps.
 */
export class WebhookSecretsSealed1767044100000 implements MigrationInterface {
  name = 'WebhookSecretsSealed1767044100000';

  async up(q: QueryRunner): Promise<void> {
    const key = keyOfThisEnvironment();
    await q.query(`ALTER TABLE webhooks ADD COLUMN secret_sealed text`);
    const rows: { id: string; secret: string }[] = await q.query(`SELECT id, secret FROM webhooks`);
    for (const r of rows) await q.query('UPDATE webhooks SET secret_sealed = $2 WHERE id = $1', [r.id, sealSecret(key, r.secret, `webhook:${r.id}`)]);
    await q.query(`ALTER TABLE webhooks ALTER COLUMN secret_sealed SET NOT NULL, DROP COLUMN secret`);
  }

  async down(q: QueryRunner): Promise<void> {
    const key = keyOfThisEnvironment();
    await q.query(`ALTER TABLE webhooks ADD COLUMN secret text`);
    const rows: { id: string; sealed: string }[] = await q.query(`SELECT id, secret_sealed AS sealed FROM webhooks`);
    for (const r of rows) await q.query('UPDATE webhooks SET secret = $2 WHERE id = $1', [r.id, openSecret(key, r.sealed, `webhook:${r.id}`)]);
    await q.query(`ALTER TABLE webhooks ALTER COLUMN secret SET NOT NULL, DROP COLUMN secret_sealed`);
  }
}

function keyOfThisEnvironment(): Buffer {
  const key = secretsKeyFrom(process.env.SECRETS_KEY);
  if (key) return key;
  throw new Error('Invalid configuration: SECRETS_KEY must be 32 random bytes as 64 hex characters or base64 (openssl rand -hex 32)');
}
