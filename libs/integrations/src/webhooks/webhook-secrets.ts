import type { DataSource, EntityManager } from 'typeorm';
import { openSecretWithAny, resealRows, sealSecret } from '@app/config';

type Db = DataSource | EntityManager;

/**
 * Webhook signing secrets at rest (docs/security.md#webhooks): sealed with the box of the SSL keys and TOTP secrets
 * (AES-256-GCM under SECRETS_KEY, decision 0005), the webhook's id as additional data, so a sealed value copied onto
 * another row does not open. The plain secret exists only in the create response and in the worker while it signs.
 */
const aad = (webhookId: string) => `webhook:${webhookId}`;

export const sealWebhookSecret = (key: Buffer, webhookId: string, secret: string): string => sealSecret(key, secret, aad(webhookId));

/** `keys`: SECRETS_KEY first, then any being rotated out. Throws when none opens it. */
export const openWebhookSecret = (keys: readonly Buffer[], webhookId: string, sealed: string): string =>
  openSecretWithAny(keys, sealed, aad(webhookId)).plaintext;

/**
 * SECRETS_KEY rotation (as for the SSL keys and TOTP secrets): every secret that opens only with a previous key is
 * sealed again under the current one; a row changed meanwhile is left alone. Idempotent.
 */
export async function resealWebhookSecrets(db: Db, current: Buffer, previous: readonly Buffer[]): Promise<{ resealed: number; unreadable: number }> {
  const rows = await db.query<{ id: string; secret_sealed: string }[]>('SELECT id, secret_sealed FROM webhooks');
  return resealRows(rows, { current, previous }, { sealed: (r) => r.secret_sealed, aad: (r) => aad(r.id) }, async (r, resealed) => {
    await db.query<unknown>('UPDATE webhooks SET secret_sealed = $3 WHERE id = $1 AND secret_sealed = $2', [r.id, r.secret_sealed, resealed]);
  });
}
