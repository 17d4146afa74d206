import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { SystemStatusDto } from '@app/contracts';
import { SystemService } from '../system/system.service.js';

/** GET /api/admin/system: clicks and maintenance queue counts, throughput, connected workers. */
export class GetSystemStatusQuery extends Query<SystemStatusDto> {
  constructor(readonly liveSockets: number) {
    super();
  }
}

@QueryHandler(GetSystemStatusQuery)
export class GetSystemStatusHandler implements IQueryHandler<GetSystemStatusQuery> {
  constructor(private readonly system: SystemService) {}

  execute(query: GetSystemStatusQuery): Promise<SystemStatusDto> {
    return this.system.status(query.liveSockets);
  }
}
