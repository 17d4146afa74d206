import type { WebhookDto } from '@app/contracts';
import { WorkspaceQuery, readHandler } from '@app/database';
import { selectWebhooks } from './webhook-store.js';

/** The workspace's webhooks (never a signing secret). */
export class GetWebhooksQuery extends WorkspaceQuery<WebhookDto[]> {}
export const GetWebhooksHandler = readHandler(GetWebhooksQuery, (db, q) => selectWebhooks(db, q.workspaceId));
