import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { deleteClickData } from '@app/clicks';
import type { AppConfig } from '@app/config';
import { EventStore, type Projection } from '@app/event-store';
import { publishWorkspaceChange } from '@app/realtime';
import { UsersProjection, WorkspacesProjection } from '@app/identity';
import { WebhookOutboxProjection } from '@app/integrations';
import { DomainsProjection, LINK_WEBHOOK_EVENTS, LinkCache, LinksProjection, SharesProjection } from '@app/links';

export interface ProjectionDeps {
  config: Pick<AppConfig, 'redisPrefix'>;
  dataSource: DataSource;
  redis: Redis;
  /** Queues webhook deliveries the outbox wrote (after the commit); a no-op where no link event is appended. */
  deliverWebhooks: (deliveryIds: string[]) => Promise<void>;
}

/**
 * THE projection registry: every projection of the event store, in the order they apply each event (inside the
 * append transaction, and in the same order during a rebuild). Every process that appends events (the api, the
 * worker's imports and domain checks, the supervisor's first admin) and the rebuild script build their store here,
 * so a projection added here runs everywhere. Add a projection here and nowhere else.
 *
 * Order constraints (checked by projections.spec.ts):
 * - `links` before `domains`: on `user-deleted` the links projection reads each of the user's links' domain names
 *   (to drop their redirector cache keys) before the domains projection deletes those domain rows.
 * - `workspaces` right after `users`: a new account's personal workspace is appended with its user, in one batch.
 * - `webhook-outbox` last: it writes delivery rows for link events only after the read model accepted them.
 */
export function projectionsInOrder({ config, dataSource, redis, deliverWebhooks }: ProjectionDeps): Projection[] {
  const cache = new LinkCache(redis, dataSource, config.redisPrefix);
  return [
    new UsersProjection(),
    new WorkspacesProjection((m) => publishWorkspaceChange(redis, config.redisPrefix, m)),
    new LinksProjection(cache, deleteClickData),
    new DomainsProjection(cache),
    new SharesProjection(),
    new WebhookOutboxProjection(LINK_WEBHOOK_EVENTS, deliverWebhooks),
  ];
}

/** An event store with every projection registered. */
export function createEventStore(deps: ProjectionDeps, onError: (msg: string, err: unknown) => void): EventStore {
  const store = new EventStore(deps.dataSource, onError);
  for (const projection of projectionsInOrder(deps)) store.register(projection);
  return store;
}
