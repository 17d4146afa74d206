import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { WEBHOOK_EVENTS, type CreatedWebhookDto } from '@app/contracts';
import { IntegrationsErrors } from '../integrations.errors.js';
import { createLookup } from './webhook-address.js';
import { checkWebhookUrl } from './webhook-url.js';
import { insertWebhook } from './webhook-store.js';
import { CreateWebhookCommand } from './create-webhook.command.js';

@CommandHandler(CreateWebhookCommand)
export class CreateWebhookHandler implements ICommandHandler<CreateWebhookCommand> {
  private readonly lookup;
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.lookup = createLookup(config.webhookDnsServers);
  }
  async execute(cmd: CreateWebhookCommand): Promise<CreatedWebhookDto> {
    const events = [...new Set(cmd.events)];
    if (events.length === 0 || events.some((e) => !WEBHOOK_EVENTS.includes(e))) throw IntegrationsErrors.webhookEvents();
    const url = await checkWebhookUrl(cmd.url, this.lookup, this.config.webhookAllowPrivate);
    return insertWebhook(
      this.dataSource,
      cmd.ownerId,
      { url, events },
      { cap: this.config.webhooksPerWorkspace, secretsKey: this.config.secretsKey },
    );
  }
}
