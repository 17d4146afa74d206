import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { WebhookDto } from '@app/contracts';
import { IntegrationsErrors } from '../integrations.errors.js';
import { ResumeWebhookCommand } from './resume-webhook.command.js';
import { resumeWebhook } from './webhook-pause.js';
import { WebhookQueue } from './webhook-queue.js';
import { selectWebhook } from './webhook-store.js';

@CommandHandler(ResumeWebhookCommand)
export class ResumeWebhookHandler implements ICommandHandler<ResumeWebhookCommand> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: WebhookQueue,
  ) {}
  async execute(cmd: ResumeWebhookCommand): Promise<WebhookDto> {
    const held = await resumeWebhook(this.dataSource, cmd.ownerId, cmd.webhookId);
    if (held === null) throw IntegrationsErrors.webhookNotFound();
    await this.queue.deliver(held); // on failure the worker's outbox sweep queues them later
    return (await selectWebhook(this.dataSource, cmd.ownerId, cmd.webhookId))!;
  }
}
