import { GetImportHandler, StartImportHandler } from './imports/import.commands.js';
import {
  CreateWebhookHandler,
  DeleteWebhookHandler,
  GetWebhookDeliveriesHandler,
  GetWebhooksHandler,
  ResumeWebhookHandler,
} from './webhooks/webhook.commands.js';

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
