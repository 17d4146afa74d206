import { Inject, Optional } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { SESSIONS_ENDED, type SessionsEnded } from '../auth/sessions-ended.js';
import { IdentityErrors } from '../model/identity.errors.js';
import { endSessions } from '../sessions.js';
import { EndSessionCommand } from './end-session.command.js';

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
