import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { EventStore, actorMeta } from '@app/event-store';
import { saveUser } from '../commands/user-store.js';
import { TwoFactorErrors } from '../model/identity.errors.js';
import { verifyPassword } from '../passwords.js';
import { findUserWithHash } from '../queries/user-read-store.js';
import { checkSecondFactor } from './second-factor.js';
import { deleteTwoFactor } from './two-factor-store.js';
import { DisableTwoFactorCommand } from './disable-two-factor.command.js';
import { userWithTwoFactor } from './two-factor-user.js';

@CommandHandler(DisableTwoFactorCommand)
export class DisableTwoFactorHandler implements ICommandHandler<DisableTwoFactorCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}
  async execute(cmd: DisableTwoFactorCommand): Promise<void> {
    const user = await userWithTwoFactor(this.store, cmd.userId, true);
    const row = await findUserWithHash(this.dataSource, cmd.userId);
    if (row?.password_hash && !(await verifyPassword(row.password_hash, cmd.password))) throw TwoFactorErrors.wrongPassword();
    if (!(await checkSecondFactor(this.dataSource, this.config, cmd.userId, cmd.code))) throw TwoFactorErrors.wrongCode();
    user.disableTwoFactor(new Date());
    await saveUser(this.store, user, actorMeta(cmd.userId, cmd.requestId));
    await deleteTwoFactor(this.dataSource, cmd.userId);
  }
}
