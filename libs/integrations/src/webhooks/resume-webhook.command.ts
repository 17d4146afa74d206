import { Command } from '@nestjs/cqrs';
import type { WebhookDto } from '@app/contracts';

/** Resume a paused webhook: active again, and the deliveries held while it was paused are sent. */
export class ResumeWebhookCommand extends Command<WebhookDto> {
  constructor(
    readonly ownerId: string,
    readonly webhookId: string,
  ) {
    super();
  }
}
