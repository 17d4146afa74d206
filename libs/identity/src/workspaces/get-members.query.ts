import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { WorkspaceMemberDto } from '@app/contracts';
import { selectMembers } from './workspace-store.js';

export class GetMembersQuery extends Query<WorkspaceMemberDto[]> {
  constructor(readonly workspaceId: string) {
    super();
  }
}
@QueryHandler(GetMembersQuery)
export class GetMembersHandler implements IQueryHandler<GetMembersQuery> {
  constructor(private readonly dataSource: DataSource) {}
  execute(q: GetMembersQuery): Promise<WorkspaceMemberDto[]> {
    return selectMembers(this.dataSource, q.workspaceId);
  }
}
