import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { IntegrationsErrors } from '../integrations.errors.js';
import { deleteWebhook } from './webhook-store.js';
import { DeleteWebhookCommand } from './delete-webhook.command.js';

@CommandHandler(DeleteWebhookCommand)
export class DeleteWebhookHandler implements ICommandHandler<DeleteWebhookCommand> {
  constructor(private readonly dataSource: DataSource) {}
  async execute(cmd: DeleteWebhookCommand): Promise<void> {
    if (!(await deleteWebhook(this.dataSource, cmd.ownerId, cmd.webhookId))) throw IntegrationsErrors.webhookNotFound();
  }
}
