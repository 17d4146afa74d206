import { GetImportHandler } from './imports/get-import.query.js';
import { StartImportHandler } from './imports/start-import.handler.js';
import { CreateWebhookHandler } from './webhooks/create-webhook.handler.js';
import { DeleteWebhookHandler } from './webhooks/delete-webhook.handler.js';
import { GetWebhookDeliveriesHandler } from './webhooks/get-webhook-deliveries.query.js';
import { GetWebhooksHandler } from './webhooks/get-webhooks.query.js';
import { ResumeWebhookHandler } from './webhooks/resume-webhook.handler.js';

/** Command and query handlers of webhooks and imports, for the api module. */
export const INTEGRATIONS_HANDLERS = [
  CreateWebhookHandler,
  DeleteWebhookHandler,
  ResumeWebhookHandler,
  GetWebhooksHandler,
  GetWebhookDeliveriesHandler,
  StartImportHandler,
  GetImportHandler,
];
