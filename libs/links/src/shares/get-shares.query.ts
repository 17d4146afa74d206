import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { UUID_PATTERN, type ShareDto } from '@app/contracts';
import { selectShares } from './share-store.js';

/** The workspace's shares, newest first; `linkId` narrows to one link's (the Link Analytics dialog). */
export class GetSharesQuery extends Query<ShareDto[]> {
  constructor(
    readonly workspaceId: string,
    readonly linkId: string | null = null,
  ) {
    super();
  }
}
@QueryHandler(GetSharesQuery)
export class GetSharesHandler implements IQueryHandler<GetSharesQuery> {
  constructor(private readonly dataSource: DataSource) {}
  execute(q: GetSharesQuery): Promise<ShareDto[]> {
    if (q.linkId !== null && !UUID_PATTERN.test(q.linkId)) return Promise.resolve([]);
    return selectShares(this.dataSource, q.workspaceId, q.linkId ? { linkId: q.linkId } : {});
  }
}
