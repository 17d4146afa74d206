import type { DataSource, EntityManager } from 'typeorm';
import { returnedRows, type Returned } from '@app/database';

type Db = DataSource | EntityManager;

/**
 * An endpoint that keeps failing is paused (docs/security.md#webhooks): every failed attempt adds one to the webhook's
 * `failures_in_row`, a delivered one sets it back to 0; at `pauseAfter` the webhook becomes `paused` and its waiting
 * deliveries are held (`paused`), so a dead endpoint stops taking delivery slots and retries. True when the webhook
 * is paused after this attempt.
 */
export async function countAttemptForPause(db: Db, webhookId: string, ok: boolean, pauseAfter: number): Promise<boolean> {
  const rows = await db.query<Returned<{ status: string }>>(
    `UPDATE webhooks SET failures_in_row = CASE WHEN $2 THEN 0 ELSE failures_in_row + 1 END,
            status = CASE WHEN NOT $2 AND failures_in_row + 1 >= $3 THEN 'paused' ELSE status END,
            paused_at = CASE WHEN NOT $2 AND failures_in_row + 1 >= $3 AND status = 'active' THEN now() ELSE paused_at END
      WHERE id = $1 RETURNING status`,
    [webhookId, ok, pauseAfter],
  );
  const paused = returnedRows(rows)[0]?.status === 'paused';
  if (paused) await holdDeliveries(db, webhookId);
  return paused;
}

/** The webhook's deliveries waiting to be sent (or tried again) are held until it is resumed. */
export async function holdDeliveries(db: Db, webhookId: string): Promise<void> {
  await db.query<unknown>(`UPDATE webhook_deliveries SET status = 'paused', next_attempt_at = NULL WHERE webhook_id = $1 AND status = 'pending'`, [
    webhookId,
  ]);
}

/**
 * Resumes one of the workspace's webhooks: active again with no failures counted, its held deliveries pending again.
 * Returns their ids (to be queued), or null when the workspace has no such webhook.
 */
export async function resumeWebhook(db: DataSource, ownerId: string, id: string): Promise<string[] | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  return db.transaction(async (m) => {
    const resumed = await m.query<Returned<unknown>>(
      `UPDATE webhooks SET status = 'active', failures_in_row = 0, paused_at = NULL WHERE id = $1::uuid AND owner_id = $2 RETURNING id`,
      [id, ownerId],
    );
    if (returnedRows(resumed).length === 0) return null;
    const held = await m.query<Returned<{ id: string }>>(
      `UPDATE webhook_deliveries SET status = 'pending' WHERE webhook_id = $1::uuid AND status = 'paused' RETURNING id`,
      [id],
    );
    return returnedRows(held).map((r) => r.id);
  });
}
