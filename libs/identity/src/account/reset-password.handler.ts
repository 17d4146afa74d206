import { randomBytes } from 'node:crypto';
import { Inject, Optional } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { ResetPasswordResponse } from '@app/contracts';
import { EventStore, actorMeta } from '@app/event-store';
import { SESSIONS_ENDED, type SessionsEnded } from '../auth/sessions-ended.js';
import { hashPassword } from '../passwords.js';
import { endSessions } from '../sessions.js';
import { loadUser, saveUser } from '../commands/user-store.js';
import { ResetPasswordCommand } from './reset-password.command.js';

@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    @Optional() @Inject(SESSIONS_ENDED) private readonly sessionsEnded?: SessionsEnded,
  ) {}

  async execute(cmd: ResetPasswordCommand): Promise<ResetPasswordResponse> {
    const user = await loadUser(this.store, cmd.userId);
    // 18 random bytes: 24 characters, never a common password.
    const temporaryPassword = randomBytes(18).toString('base64url');
    user.resetPassword(await hashPassword(temporaryPassword), cmd.by, new Date());
    await saveUser(this.store, user, actorMeta(cmd.by, cmd.requestId));
    this.sessionsEnded?.(await endSessions(this.dataSource, cmd.userId));
    return { temporaryPassword };
  }
}
