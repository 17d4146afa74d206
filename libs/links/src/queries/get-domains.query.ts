import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { DomainDto } from '@app/contracts';
import { selectDomains } from './domain-rows.js';

/** The caller's custom domains (everyone, admins included, sees and uses only their own). */
export class GetDomainsQuery extends Query<DomainDto[]> {
  constructor(readonly ownerId: string) {
    super();
  }
}

@QueryHandler(GetDomainsQuery)
export class GetDomainsHandler implements IQueryHandler<GetDomainsQuery> {
  constructor(private readonly dataSource: DataSource) {}

  execute(q: GetDomainsQuery): Promise<DomainDto[]> {
    return selectDomains(this.dataSource, 'owner_id = $1', [q.ownerId]);
  }
}
