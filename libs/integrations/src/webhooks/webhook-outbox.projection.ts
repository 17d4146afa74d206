import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { Projection, StoredEvent } from '@app/event-store';
import type { WebhookEventType, WebhookPayload } from '@app/contracts';
import { deleteUserImports } from '../imports/import-store.js';
import { deleteUserWebhooks, insertDeliveries, webhooksOf, type NewDelivery } from './webhook-store.js';

/** Events older than this are a replay (projection rebuild), never news for a webhook. */
const REPLAY_AGE_MS = 10 * 60_000;
const USER_DELETED = 'user-deleted';
/** A shared workspace deleted (identity's event, data {workspaceId}): its webhooks and imports go. */
const WORKSPACE_DELETED = 'workspace-deleted';

/** Stable delivery id of (webhook, stored event): a replayed event cannot create a second delivery. */
export function deliveryIdOf(webhookId: string, position: number): string {
  const h = createHash('sha256').update(`${webhookId}:${position}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The webhook outbox (docs/product.md#webhooks): a link event of a user becomes one delivery row per webhook of THAT user
 * subscribed to it, in the event's own transaction (so an event is never committed without its deliveries);
 * after the commit the rows are queued for delivery. `eventTypes` maps stored link event types to webhook event
 * names (the app composes it from the links lib). A deleted user's webhooks (and imports) go with them.
 */
export class WebhookOutboxProjection implements Projection {
  readonly name = 'webhook-outbox';
  readonly tables: string[] = [];
  private readonly queued = new Map<number, string[]>();

  constructor(
    private readonly eventTypes: Record<string, WebhookEventType>,
    private readonly enqueue: (deliveryIds: string[]) => Promise<void>,
  ) {}

  handles(eventType: string): boolean {
    return eventType in this.eventTypes || eventType === USER_DELETED || eventType === WORKSPACE_DELETED;
  }

  async apply(m: EntityManager, stored: StoredEvent): Promise<void> {
    return this.applyMany(m, [stored]);
  }

  /** The deliveries of a batch of events: one webhooks query and one insert for all of them (imports). */
  async applyMany(m: EntityManager, events: StoredEvent[]): Promise<void> {
    const news: { stored: StoredEvent; ownerId: string; type: WebhookEventType; data: Record<string, unknown> }[] = [];
    for (const stored of events) {
      if (stored.type === USER_DELETED || stored.type === WORKSPACE_DELETED) {
        const d = stored.data as { userId?: string; workspaceId?: string };
        const userId = (d.userId ?? d.workspaceId)!;
        await deleteUserWebhooks(m, userId);
        await deleteUserImports(m, userId);
        continue;
      }
      if (Date.now() - stored.occurredAt.getTime() > REPLAY_AGE_MS) continue;
      const { ownerId: given, by: _by, ...data } = stored.data as { ownerId?: string; by?: string; [k: string]: unknown };
      const ownerId = given ?? (await ownerOfStream(m, stored.streamId));
      if (ownerId) news.push({ stored, ownerId, type: this.eventTypes[stored.type], data });
    }
    if (news.length === 0) return;
    const hooks = await webhooksOf(m, [...new Set(news.map((n) => n.ownerId))]);
    if (hooks.length === 0) return;
    const deliveries: (NewDelivery & { position: number })[] = [];
    for (const { stored, ownerId, type, data } of news)
      for (const h of hooks) {
        if (h.ownerId !== ownerId || !h.events.includes(type)) continue;
        const id = deliveryIdOf(h.id, stored.position);
        const payload: WebhookPayload = { id, type, createdAt: stored.occurredAt.toISOString(), data };
        deliveries.push({ id, webhookId: h.id, event: type, payload: JSON.stringify(payload), position: stored.position });
      }
    const inserted = new Set(await insertDeliveries(m, deliveries));
    for (const d of deliveries) if (inserted.has(d.id)) this.queued.set(d.position, [...(this.queued.get(d.position) ?? []), d.id]);
  }

  async afterCommit(event: StoredEvent): Promise<void> {
    const ids = this.queued.get(event.position);
    if (!ids) return;
    this.queued.delete(event.position);
    await this.enqueue(ids); // on failure the worker's outbox sweep queues them later
  }

  async afterCommitMany(events: StoredEvent[]): Promise<void> {
    const ids = events.flatMap((e) => {
      const queued = this.queued.get(e.position) ?? [];
      this.queued.delete(e.position);
      return queued;
    });
    if (ids.length) await this.enqueue(ids);
  }
}

/** The owner named by a stream's first event (link-updated/-deleted carry only the link id). */
async function ownerOfStream(m: EntityManager, streamId: string): Promise<string | null> {
  const rows = await m.query<{ owner: string | null }[]>(`SELECT data->>'ownerId' AS owner FROM events WHERE stream_id = $1 AND version = 1`, [
    streamId,
  ]);
  return rows[0]?.owner ?? null;
}
