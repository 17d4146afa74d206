import { Inject, Optional } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { EventStore } from '@app/event-store';
import { REDIS } from '@app/queue';
import { SESSIONS_ENDED, type SessionsEnded } from '../auth/sessions-ended.js';
import { deleteAccount } from '../commands/delete-account.js';
import { loadUser } from '../commands/user-store.js';
import { IdentityErrors, TwoFactorErrors } from '../model/identity.errors.js';
import { countOtherAdmins, findUserWithHash } from '../queries/user-read-store.js';
import { sessionOpenedAt } from '../sessions.js';
import { checkSecondFactor } from '../two-factor/second-factor.js';
import { isCurrentPassword } from './current-password.js';
import { DeleteOwnAccountCommand, FRESH_SIGN_IN_MINUTES } from './delete-own-account.command.js';

@CommandHandler(DeleteOwnAccountCommand)
export class DeleteOwnAccountHandler implements ICommandHandler<DeleteOwnAccountCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(SESSIONS_ENDED) private readonly sessionsEnded?: SessionsEnded,
  ) {}

  async execute(cmd: DeleteOwnAccountCommand): Promise<void> {
    const row = await findUserWithHash(this.dataSource, cmd.userId);
    if (!row) throw IdentityErrors.userNotFound();
    if (row.password_hash !== null) {
      if (!cmd.password) throw IdentityErrors.deleteNeedsPassword();
      if (!(await isCurrentPassword(this.redis, this.config, row, cmd.password, cmd.ip))) throw IdentityErrors.wrongPassword();
    } else {
      const opened = cmd.sessionHash ? await sessionOpenedAt(this.dataSource, cmd.sessionHash) : null;
      if (!opened || Date.now() - opened.getTime() > FRESH_SIGN_IN_MINUTES * 60_000)
        throw IdentityErrors.deleteNeedsFreshSignIn(FRESH_SIGN_IN_MINUTES);
    }
    const user = await loadUser(this.store, cmd.userId);
    if (user.twoFactorEnabled) {
      // As a sign-in: a current TOTP code or an unused recovery code (spent by this check).
      if (!cmd.code?.trim()) throw TwoFactorErrors.codeNeeded();
      if (!(await checkSecondFactor(this.dataSource, this.config, cmd.userId, cmd.code))) throw TwoFactorErrors.wrongCode();
    }
    user.deleteOwn(new Date(), (await countOtherAdmins(this.dataSource, cmd.userId)) > 0);
    await deleteAccount(this.store, this.dataSource, user, { actorId: cmd.userId, requestId: cmd.requestId ?? null }, this.sessionsEnded);
  }
}
