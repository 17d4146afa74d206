import { Inject, Optional } from '@nestjs/common';
import { Command, CommandHandler, Query, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import UAParser from 'ua-parser-js';
import type { SessionDto } from '@app/contracts';
import { SESSIONS_ENDED, type SessionsEnded } from '../auth/sessions-ended.js';
import { IdentityErrors } from '../model/identity.errors.js';
import { endSessions, userSessions } from '../sessions.js';

/** "Chrome on macOS" from a user agent; "Unknown device" without one. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const r = new UAParser(userAgent).getResult();
  const browser = r.browser.name;
  const os = r.os.name;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? 'Unknown device';
}

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

/** Ends one of the user's sessions: its next call gets 401 and its live socket is closed at once. */
export class EndSessionCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly sessionId: string,
  ) {
    super();
  }
}

@CommandHandler(EndSessionCommand)
export class EndSessionHandler implements ICommandHandler<EndSessionCommand> {
  constructor(
    private readonly dataSource: DataSource,
    @Optional() @Inject(SESSIONS_ENDED) private readonly sessionsEnded?: SessionsEnded,
  ) {}

  async execute(cmd: EndSessionCommand): Promise<void> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(cmd.sessionId)) throw IdentityErrors.sessionNotFound();
    const ended = await endSessions(this.dataSource, cmd.userId, { sessionId: cmd.sessionId });
    if (ended.length === 0) throw IdentityErrors.sessionNotFound();
    this.sessionsEnded?.(ended);
  }
}
