import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { WorkspaceDto } from '@app/contracts';
import { selectWorkspaces } from './workspace-store.js';

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
