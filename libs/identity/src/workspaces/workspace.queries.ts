import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { ActivityDto, InvitationDto, WorkspaceDto, WorkspaceMemberDto } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { selectInvitations, selectMembers, selectWorkspaces } from './workspace-rows.js';
import { describeActivity } from './activity.js';

/** GET /api/workspaces: the caller's workspaces, each with the caller's role. */
export class GetWorkspacesQuery extends Query<WorkspaceDto[]> {
  constructor(
    readonly userId: string,
    readonly workspaceId?: string,
  ) {
    super();
  }
}
@QueryHandler(GetWorkspacesQuery)
export class GetWorkspacesHandler implements IQueryHandler<GetWorkspacesQuery> {
  constructor(private readonly dataSource: DataSource) {}
  execute(q: GetWorkspacesQuery): Promise<WorkspaceDto[]> {
    return selectWorkspaces(this.dataSource, q.userId, q.workspaceId);
  }
}

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

/** GET /api/workspaces/{id}/activity: the workspace's events, newest first, from the event store. */
export class GetActivityQuery extends Query<ActivityDto> {
  constructor(
    readonly workspaceId: string,
    readonly page: number,
    readonly limit: number,
  ) {
    super();
  }
}
@QueryHandler(GetActivityQuery)
export class GetActivityHandler implements IQueryHandler<GetActivityQuery> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
  ) {}
  async execute(q: GetActivityQuery): Promise<ActivityDto> {
    const { events, total } = await this.store.loadWorkspaceActivity(q.workspaceId, q.limit, (q.page - 1) * q.limit);
    return { data: await describeActivity(this.dataSource, events), total };
  }
}
