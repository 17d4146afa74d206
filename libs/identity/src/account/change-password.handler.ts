import { Inject, Optional } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@app/config';
import type { UserDto } from '@app/contracts';
import { EventStore, actorMeta } from '@app/event-store';
import { REDIS } from '@app/queue';
import { SESSIONS_ENDED, type SessionsEnded } from '../auth/sessions-ended.js';
import { isCommonPassword } from '../model/common-passwords.js';
import { IdentityErrors } from '../model/identity.errors.js';
import { hashPassword } from '../passwords.js';
import { findUserById, findUserWithHash } from '../queries/user-read-store.js';
import { endSessions } from '../sessions.js';
import { loadUser, saveUser } from '../commands/user-store.js';
import { isCurrentPassword } from './current-password.js';
import { ChangePasswordCommand } from './change-password.command.js';

@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(SESSIONS_ENDED) private readonly sessionsEnded?: SessionsEnded,
  ) {}

  async execute(cmd: ChangePasswordCommand): Promise<UserDto> {
    const row = await findUserWithHash(this.dataSource, cmd.userId);
    if (!row) throw IdentityErrors.userNotFound();
    if (!(await isCurrentPassword(this.redis, this.config, row, cmd.currentPassword, cmd.ip))) throw IdentityErrors.wrongCurrentPassword();
    if (cmd.newPassword === cmd.currentPassword) throw IdentityErrors.samePassword();
    if (isCommonPassword(cmd.newPassword)) throw IdentityErrors.commonPassword();
    const user = await loadUser(this.store, cmd.userId);
    user.changePassword(await hashPassword(cmd.newPassword), new Date());
    await saveUser(this.store, user, actorMeta(cmd.userId, cmd.requestId));
    this.sessionsEnded?.(await endSessions(this.dataSource, cmd.userId, { keepTokenHash: cmd.keepTokenHash ?? '' }));
    return (await findUserById(this.dataSource, cmd.userId))!;
  }
}
