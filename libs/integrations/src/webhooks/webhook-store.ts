import { randomBytes, randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { insertUnderCap } from '@app/database';
import type { CreatedWebhookDto, WebhookDeliveryDto, WebhookDeliveryStatus, WebhookDto, WebhookEventType, WebhookStatus } from '@app/contracts';

import { IntegrationsErrors } from '../integrations.errors.js';
import { openWebhookSecret, sealWebhookSecret } from './webhook-secrets.js';

type Db = DataSource | EntityManager;
export const DELIVERY_LOG_SIZE = 50;

interface WebhookRow {
  id: string;
  url: string;
  events: string[];
  status: string;
  paused_at: Date | null;
  created_at: Date;
}
const WEBHOOK_COLUMNS = 'id, url, events, status, paused_at, created_at';
const toDto = (r: WebhookRow): WebhookDto => ({
  id: r.id,
  url: r.url,
  events: r.events as WebhookEventType[],
  status: r.status as WebhookStatus,
  pausedAt: r.paused_at?.toISOString() ?? null,
  createdAt: r.created_at.toISOString(),
});

/**
 * A new webhook of the workspace, unless it has `cap` already (409 naming the cap). Its signing secret is returned
 * this once and stored sealed under `secretsKey`.
 */
export async function insertWebhook(
  db: DataSource,
  ownerId: string,
  input: { url: string; events: WebhookEventType[] },
  limits: { cap: number; secretsKey: Buffer },
): Promise<CreatedWebhookDto> {
  const { cap, secretsKey } = limits;
  const id = randomUUID();
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  return insertUnderCap(db, {
    key: `webhooks:${ownerId}`,
    cap,
    count: async (m) => (await m.query<{ n: number }[]>('SELECT count(*)::int AS n FROM webhooks WHERE owner_id = $1', [ownerId]))[0].n,
    refuse: () => IntegrationsErrors.webhookLimit(cap),
    insert: async (m) => {
      const rows = await m.query<WebhookRow[]>(
        `INSERT INTO webhooks (id, owner_id, url, events, secret_sealed) VALUES ($1, $2, $3, $4, $5) RETURNING ${WEBHOOK_COLUMNS}`,
        [id, ownerId, input.url, input.events, sealWebhookSecret(secretsKey, id, secret)],
      );
      return { ...toDto(rows[0]), secret };
    },
  });
}

export async function selectWebhooks(db: Db, ownerId: string): Promise<WebhookDto[]> {
  const rows = await db.query<WebhookRow[]>(`SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE owner_id = $1 ORDER BY created_at DESC, id`, [ownerId]);
  return rows.map(toDto);
}

export async function selectWebhook(db: Db, ownerId: string, id: string): Promise<WebhookDto | null> {
  const rows = await db.query<WebhookRow[]>(`SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE id = $1::uuid AND owner_id = $2`, [id, ownerId]);
  return rows[0] ? toDto(rows[0]) : null;
}

export async function ownsWebhook(db: Db, ownerId: string, id: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
  return (await db.query<unknown[]>('SELECT 1 FROM webhooks WHERE id = $1::uuid AND owner_id = $2', [id, ownerId])).length > 0;
}

/** Deletes the webhook and (cascade) its deliveries; queued jobs of it find nothing and end. */
export async function deleteWebhook(db: Db, ownerId: string, id: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
  const [, affected] = await db.query<[unknown[], number]>('DELETE FROM webhooks WHERE id = $1::uuid AND owner_id = $2 RETURNING id', [id, ownerId]);
  return Number(affected) > 0;
}

export async function deleteUserWebhooks(db: Db, userId: string): Promise<void> {
  await db.query<unknown>('DELETE FROM webhooks WHERE owner_id = $1', [userId]);
}

/** Every webhook of these users with the events it subscribes to and whether it is paused. */
export async function webhooksOf(db: Db, ownerIds: string[]): Promise<{ id: string; ownerId: string; events: string[]; status: WebhookStatus }[]> {
  return db.query<{ id: string; ownerId: string; events: string[]; status: WebhookStatus }[]>(
    'SELECT id, owner_id AS "ownerId", events, status FROM webhooks WHERE owner_id = ANY($1::uuid[])',
    [ownerIds],
  );
}

export interface NewDelivery {
  id: string;
  webhookId: string;
  event: WebhookEventType;
  payload: string;
}
/**
 * Outbox rows; an id already there (a replayed event) is not inserted twice. A paused webhook's rows are held
 * (`paused`) until it is resumed. Returns the ids inserted that are to be sent now.
 */
export async function insertDeliveries(db: Db, deliveries: NewDelivery[]): Promise<string[]> {
  if (deliveries.length === 0) return [];
  const rows = await db.query<{ id: string; status: string }[]>(
    `INSERT INTO webhook_deliveries (id, webhook_id, event, payload, status)
     SELECT d.id, d.webhook_id, d.event, d.payload, CASE WHEN w.status = 'paused' THEN 'paused' ELSE 'pending' END
       FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[]) AS d (id, webhook_id, event, payload) JOIN webhooks w ON w.id = d.webhook_id
     ON CONFLICT (id) DO NOTHING RETURNING id, status`,
    [deliveries.map((d) => d.id), deliveries.map((d) => d.webhookId), deliveries.map((d) => d.event), deliveries.map((d) => d.payload)],
  );
  return rows.filter((r) => r.status === 'pending').map((r) => r.id);
}

interface DeliveryRow {
  id: string;
  event: string;
  status: string;
  attempts: number;
  response_status: number | null;
  created_at: Date;
  delivered_at: Date | null;
  error: string | null;
  next_attempt_at: Date | null;
}
export async function selectDeliveries(db: Db, webhookId: string): Promise<WebhookDeliveryDto[]> {
  const rows = await db.query<DeliveryRow[]>(
    `SELECT id, event, status, attempts, response_status, created_at, delivered_at, error, next_attempt_at FROM webhook_deliveries
      WHERE webhook_id = $1 ORDER BY created_at DESC, id LIMIT ${DELIVERY_LOG_SIZE}`,
    [webhookId],
  );
  return rows.map((r) => ({
    id: r.id,
    event: r.event as WebhookEventType,
    status: r.status as WebhookDeliveryStatus,
    attempts: r.attempts,
    responseStatus: r.response_status,
    createdAt: r.created_at.toISOString(),
    deliveredAt: r.delivered_at?.toISOString() ?? null,
    error: r.error,
    nextAttemptAt: r.status === 'pending' ? (r.next_attempt_at?.toISOString() ?? null) : null,
  }));
}

export interface DeliveryToSend {
  id: string;
  event: WebhookEventType;
  payload: string;
  status: string;
  url: string;
  secret: string;
}
export interface QueuedDelivery extends DeliveryToSend {
  webhookId: string;
  ownerId: string;
  webhookStatus: WebhookStatus;
}
/** A delivery with its webhook's URL and signing secret, opened with `keys` (SECRETS_KEY, then any rotated out). */
export async function deliveryToSend(db: Db, keys: readonly Buffer[], id: string): Promise<QueuedDelivery | null> {
  const rows = await db.query<(Omit<QueuedDelivery, 'secret'> & { sealed: string })[]>(
    `SELECT d.id, d.event, d.payload, d.status, w.url, w.secret_sealed AS sealed, w.id AS "webhookId", w.owner_id AS "ownerId",
            w.status AS "webhookStatus"
       FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id WHERE d.id = $1`,
    [id],
  );
  if (!rows[0]) return null;
  const { sealed, ...row } = rows[0];
  return { ...row, secret: openWebhookSecret(keys, row.webhookId, sealed) };
}

/** One attempt's outcome; `final` marks a failure that will not be retried, `retryInMs` when the next try is. */
export async function recordAttempt(
  db: Db,
  id: string,
  outcome: { ok: boolean; responseStatus: number | null; error: string | null; final: boolean; retryInMs?: number },
): Promise<void> {
  const status: WebhookDeliveryStatus = outcome.ok ? 'delivered' : outcome.final ? 'failed' : 'pending';
  const retryInMs = status === 'pending' && outcome.retryInMs !== undefined ? outcome.retryInMs : null;
  await db.query<unknown>(
    `UPDATE webhook_deliveries SET attempts = attempts + 1, status = $2, response_status = $3, error = $4,
            delivered_at = CASE WHEN $5 THEN now() ELSE delivered_at END,
            next_attempt_at = CASE WHEN $6::float8 IS NULL THEN NULL ELSE now() + make_interval(secs => $6::float8 / 1000) END
      WHERE id = $1`,
    [id, status, outcome.responseStatus, outcome.error, outcome.ok, retryInMs],
  );
}

/** Keeps each webhook's log bounded: rows beyond the newest 200 that are no longer pending go. */
export async function pruneDeliveries(db: Db, webhookId: string): Promise<void> {
  await db.query<unknown>(
    `DELETE FROM webhook_deliveries WHERE webhook_id = $1 AND status <> 'pending' AND id NOT IN (
       SELECT id FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY created_at DESC LIMIT 200)`,
    [webhookId],
  );
}

/** Pending deliveries older than `olderThanMs` (their job may have been lost before it was queued). */
export async function stalePendingDeliveries(db: Db, olderThanMs: number, limit = 500): Promise<string[]> {
  const rows = await db.query<{ id: string }[]>(
    `SELECT id FROM webhook_deliveries WHERE status = 'pending' AND created_at < now() - make_interval(secs => $1) ORDER BY created_at LIMIT $2`,
    [olderThanMs / 1000, limit],
  );
  return rows.map((r) => r.id);
}
