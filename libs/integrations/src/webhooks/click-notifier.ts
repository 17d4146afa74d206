import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { redisKeys, type WebhookClick } from '@app/contracts';
import type { WebhookQueue } from './webhook-queue.js';

/** A stored click, as the worker has it after the ingest committed. */
export interface StoredClick extends WebhookClick {
  linkId: string;
  isBot: boolean;
}

export const CLICK_BATCH_MS = 1000;
const SUBSCRIPTIONS_TTL_MS = 1000;
const BUFFER_TTL_MS = 3_600_000;

/**
 * `link.clicked` (docs/product.md#webhooks), fed by the worker AFTER each ingest commit (never inside the ingest SQL).
 * Clicks of a link whose owner has link.clicked webhooks are appended to a Redis list per (webhook, link); the
 * first one opens a one-second window (SET NX PX) and schedules a flush job at its end, so each webhook gets at
 * most one batch per link per second, about a second after the first click. Every Redis call touches one key.
 */
export function createClickNotifier(deps: { dataSource: DataSource; redis: Redis; prefix: string; queue: WebhookQueue }) {
  const keys = redisKeys(deps.prefix);
  let subscribers: Map<string, string[]> = new Map();
  let loadedAt = 0;

  async function subscriptions(): Promise<Map<string, string[]>> {
    if (Date.now() - loadedAt < SUBSCRIPTIONS_TTL_MS) return subscribers;
    const rows = await deps.dataSource.query<{ id: string; owner_id: string }[]>(
      `SELECT id, owner_id FROM webhooks WHERE 'link.clicked' = ANY(events)`,
    );
    const next = new Map<string, string[]>();
    for (const r of rows) next.set(r.owner_id, [...(next.get(r.owner_id) ?? []), r.id]);
    subscribers = next;
    loadedAt = Date.now();
    return subscribers;
  }

  return {
    async notify(clicks: StoredClick[]): Promise<void> {
      const humans = clicks.filter((c) => !c.isBot);
      if (humans.length === 0) return;
      const subs = await subscriptions();
      if (subs.size === 0) return;
      const linkIds = [...new Set(humans.map((c) => c.linkId))];
      const owners = await deps.dataSource.query<{ id: string; owner_id: string }[]>(
        'SELECT id, owner_id FROM links WHERE id = ANY($1::uuid[]) AND owner_id = ANY($2::uuid[])',
        [linkIds, [...subs.keys()]],
      );
      const ownerOf = new Map(owners.map((o) => [o.id, o.owner_id]));
      const byLink = new Map<string, string[]>();
      for (const c of humans) {
        if (!ownerOf.has(c.linkId)) continue;
        const click: WebhookClick = {
          id: c.id,
          at: c.at,
          country: c.country,
          city: c.city,
          device: c.device,
          browser: c.browser,
          os: c.os,
          referrer: c.referrer,
        };
        // Appended in place: copying the list per click made a hot link's job quadratic in its clicks.
        const items = byLink.get(c.linkId);
        if (items) items.push(JSON.stringify(click));
        else byLink.set(c.linkId, [JSON.stringify(click)]);
      }
      for (const [linkId, items] of byLink) {
        for (const webhookId of subs.get(ownerOf.get(linkId)!) ?? []) {
          const list = keys.webhookClicks(webhookId, linkId);
          await deps.redis
            .multi()
            .rpush(list, ...items)
            .pexpire(list, BUFFER_TTL_MS)
            .exec();
          const opened = await deps.redis.set(keys.webhookClickWindow(webhookId, linkId), '1', 'PX', CLICK_BATCH_MS * 5, 'NX');
          if (opened) await deps.queue.flushClicksLater({ webhookId, linkId }, CLICK_BATCH_MS);
        }
      }
    },
  };
}

/**
 * Flush side: close the window first (a click arriving now opens the next one), then take the list atomically.
 * Returns the clicks gathered (empty when another flush took them).
 */
export async function takeClickBatch(redis: Redis, prefix: string, webhookId: string, linkId: string): Promise<WebhookClick[]> {
  const keys = redisKeys(prefix);
  await redis.del(keys.webhookClickWindow(webhookId, linkId));
  const list = keys.webhookClicks(webhookId, linkId);
  const res = await redis.multi().lrange(list, 0, -1).del(list).exec();
  const items = (res?.[0]?.[1] as string[] | undefined) ?? [];
  return items.map((s) => JSON.parse(s) as WebhookClick);
}
