import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { ActivityDto } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { describeActivity } from './activity.js';

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
