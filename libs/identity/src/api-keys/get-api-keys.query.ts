import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { ApiKeyDto } from '@app/contracts';
import { selectApiKeys } from './api-key-store.js';

export class GetApiKeysQuery extends Query<ApiKeyDto[]> {
  constructor(readonly workspaceId: string) {
    super();
  }
}
@QueryHandler(GetApiKeysQuery)
export class GetApiKeysHandler implements IQueryHandler<GetApiKeysQuery> {
  constructor(private readonly dataSource: DataSource) {}
  execute(q: GetApiKeysQuery): Promise<ApiKeyDto[]> {
    return selectApiKeys(this.dataSource, q.workspaceId);
  }
}
