import { Inject } from '@nestjs/common';
import { Command, CommandHandler, Query, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { WEBHOOK_EVENTS, type CreatedWebhookDto, type WebhookDeliveryDto, type WebhookDto, type WebhookEventType } from '@app/contracts';
import { IntegrationsErrors } from '../integrations.errors.js';
import { createLookup } from './webhook-address.js';
import { checkWebhookUrl } from './webhook-url.js';
import { resumeWebhook } from './webhook-pause.js';
import { WebhookQueue } from './webhook-queue.js';
import { deleteWebhook, insertWebhook, ownsWebhook, selectDeliveries, selectWebhook, selectWebhooks } from './webhook-store.js';

export class CreateWebhookCommand extends Command<CreatedWebhookDto> {
  constructor(
    readonly ownerId: string,
    readonly url: string,
    readonly events: WebhookEventType[],
  ) {
    super();
  }
}
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

export class DeleteWebhookCommand extends Command<void> {
  constructor(
    readonly ownerId: string,
    readonly webhookId: string,
  ) {
    super();
  }
}
@CommandHandler(DeleteWebhookCommand)
export class DeleteWebhookHandler implements ICommandHandler<DeleteWebhookCommand> {
  constructor(private readonly dataSource: DataSource) {}
  async execute(cmd: DeleteWebhookCommand): Promise<void> {
    if (!(await deleteWebhook(this.dataSource, cmd.ownerId, cmd.webhookId))) throw IntegrationsErrors.webhookNotFound();
  }
}

/** Resume a paused webhook: active again, and the deliveries held while it was paused are sent. */
export class ResumeWebhookCommand extends Command<WebhookDto> {
  constructor(
    readonly ownerId: string,
    readonly webhookId: string,
  ) {
    super();
  }
}
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

export class GetWebhooksQuery extends Query<WebhookDto[]> {
  constructor(readonly ownerId: string) {
    super();
  }
}
@QueryHandler(GetWebhooksQuery)
export class GetWebhooksHandler implements IQueryHandler<GetWebhooksQuery> {
  constructor(private readonly dataSource: DataSource) {}
  execute(q: GetWebhooksQuery): Promise<WebhookDto[]> {
    return selectWebhooks(this.dataSource, q.ownerId);
  }
}

/** The last 50 deliveries of one of the caller's webhooks (others' are 404). */
export class GetWebhookDeliveriesQuery extends Query<WebhookDeliveryDto[]> {
  constructor(
    readonly ownerId: string,
    readonly webhookId: string,
  ) {
    super();
  }
}
@QueryHandler(GetWebhookDeliveriesQuery)
export class GetWebhookDeliveriesHandler implements IQueryHandler<GetWebhookDeliveriesQuery> {
  constructor(private readonly dataSource: DataSource) {}
  async execute(q: GetWebhookDeliveriesQuery): Promise<WebhookDeliveryDto[]> {
    if (!(await ownsWebhook(this.dataSource, q.ownerId, q.webhookId))) throw IntegrationsErrors.webhookNotFound();
    return selectDeliveries(this.dataSource, q.webhookId);
  }
}
