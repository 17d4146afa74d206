import type { WebhookEventType } from '@app/contracts';
import { LINK_CREATED, LINK_DELETED, LINK_UPDATED } from './link.events.js';

/** Stored link events → the webhook events they are delivered as (api and worker both register the outbox with it). */
export const LINK_WEBHOOK_EVENTS: Record<string, WebhookEventType> = {
  [LINK_CREATED]: 'link.created',
  [LINK_UPDATED]: 'link.updated',
  [LINK_DELETED]: 'link.deleted',
};
