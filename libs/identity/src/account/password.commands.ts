import { randomBytes } from 'node:crypto';
import { Inject, Optional } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@app/config';
import type { ResetPasswordResponse, UserDto } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { REDIS } from '@app/queue';
import { SESSIONS_ENDED, type SessionsEnded } from '../auth/sessions-ended.js';
import { isCommonPassword } from '../model/common-passwords.js';
import { IdentityErrors } from '../model/identity.errors.js';
import { hashPassword } from '../passwords.js';
import { findUserById, findUserWithHash } from '../queries/user-rows.js';
import { endSessions } from '../sessions.js';
import { loadUser, saveUser } from '../commands/save-user.js';
import { isCurrentPassword } from './current-password.js';

/** The user's own password change: the current one is checked, every other session of the user ends at once. */
export class ChangePasswordCommand extends Command<UserDto> {
  constructor(
    readonly userId: string,
    readonly currentPassword: string,
    readonly newPassword: string,
    /** The session making the change: it stays signed in. */
    readonly keepTokenHash: string | undefined,
    readonly ip: string,
    readonly requestId?: string,
  ) {
    super();
  }
}

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
    await saveUser(this.store, user, { actorId: cmd.userId, requestId: cmd.requestId ?? null });
    this.sessionsEnded?.(await endSessions(this.dataSource, cmd.userId, { keepTokenHash: cmd.keepTokenHash ?? '' }));
    return (await findUserById(this.dataSource, cmd.userId))!;
  }
}

/** An admin sets a temporary password: the user's sessions end, and they must choose a new password after signing in. */
export class ResetPasswordCommand extends Command<ResetPasswordResponse> {
  constructor(
    readonly userId: string,
    readonly by: string,
    readonly requestId?: string,
  ) {
    super();
  }
}

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
    await saveUser(this.store, user, { actorId: cmd.by, requestId: cmd.requestId ?? null });
    this.sessionsEnded?.(await endSessions(this.dataSource, cmd.userId));
    return { temporaryPassword };
  }
}
