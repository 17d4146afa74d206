import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { SessionDto } from '@app/contracts';
import { userSessions } from '../sessions.js';
import { describeDevice } from './describe-device.js';

/** The signed-in user's live sessions, most recently used first; `current` marks the one asking. */
export class GetSessionsQuery extends Query<SessionDto[]> {
  constructor(
    readonly userId: string,
    readonly currentTokenHash: string | undefined,
  ) {
    super();
  }
}

@QueryHandler(GetSessionsQuery)
export class GetSessionsHandler implements IQueryHandler<GetSessionsQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute(q: GetSessionsQuery): Promise<SessionDto[]> {
    const rows = await userSessions(this.dataSource, q.userId);
    return rows.map((r) => ({
      id: r.id,
      createdAt: r.created_at.toISOString(),
      lastUsedAt: r.last_seen_at.toISOString(),
      userAgent: r.user_agent,
      device: describeDevice(r.user_agent),
      ip: r.ip,
      current: r.token_hash === q.currentTokenHash,
    }));
  }
}
