import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { workspaceScopeSql, type DomainDto, type WorkspaceScope } from '@app/contracts';
import { selectDomains } from './domain-read-store.js';

/** The workspace's custom domains (verified once, usable by every editor of it). */
export class GetDomainsQuery extends Query<DomainDto[]> {
  constructor(readonly scope: WorkspaceScope) {
    super();
  }
}

@QueryHandler(GetDomainsQuery)
export class GetDomainsHandler implements IQueryHandler<GetDomainsQuery> {
  constructor(private readonly dataSource: DataSource) {}

  execute(q: GetDomainsQuery): Promise<DomainDto[]> {
    return selectDomains(
      this.dataSource,
      workspaceScopeSql(q.scope, () => '$1'),
      q.scope.everyWorkspace ? [] : [q.scope.workspaceId],
    );
  }
}
