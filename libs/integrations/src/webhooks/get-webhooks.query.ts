import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { type WebhookDto } from '@app/contracts';
import { selectWebhooks } from './webhook-store.js';

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
