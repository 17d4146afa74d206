import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { type WebhookDeliveryDto } from '@app/contracts';
import { IntegrationsErrors } from '../integrations.errors.js';
import { ownsWebhook, selectDeliveries } from './webhook-store.js';

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
