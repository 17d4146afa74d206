import { GetImportHandler, StartImportHandler } from './imports/import.commands.js';
import { CreateWebhookHandler, DeleteWebhookHandler, GetWebhookDeliveriesHandler, GetWebhooksHandler } from './webhooks/webhook.commands.js';

/** Command and query handlers of webhooks and imports, for the api module. */
export const INTEGRATIONS_HANDLERS = [
  CreateWebhookHandler,
  DeleteWebhookHandler,
  GetWebhooksHandler,
  GetWebhookDeliveriesHandler,
  StartImportHandler,
  GetImportHandler,
];
