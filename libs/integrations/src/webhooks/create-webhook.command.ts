import { Command } from '@nestjs/cqrs';
import { type CreatedWebhookDto, type WebhookEventType } from '@app/contracts';

export class CreateWebhookCommand extends Command<CreatedWebhookDto> {
  constructor(
    readonly ownerId: string,
    readonly url: string,
    readonly events: WebhookEventType[],
  ) {
    super();
  }
}
