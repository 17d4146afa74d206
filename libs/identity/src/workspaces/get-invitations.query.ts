import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { InvitationDto } from '@app/contracts';
import { selectInvitations } from './workspace-store.js';

export class GetInvitationsQuery extends Query<InvitationDto[]> {
  constructor(readonly workspaceId: string) {
    super();
  }
}
@QueryHandler(GetInvitationsQuery)
export class GetInvitationsHandler implements IQueryHandler<GetInvitationsQuery> {
  constructor(private readonly dataSource: DataSource) {}
  execute(q: GetInvitationsQuery): Promise<InvitationDto[]> {
    return selectInvitations(this.dataSource, q.workspaceId);
  }
}
