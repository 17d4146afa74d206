import { Command } from '@nestjs/cqrs';

export class DeleteWebhookCommand extends Command<void> {
  constructor(
    readonly ownerId: string,
    readonly webhookId: string,
  ) {
    super();
  }
}
