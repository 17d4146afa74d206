import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@app/config';
import type { TwoFactorEnabledResponse } from '@app/contracts';
import { EventStore, actorMeta } from '@app/event-store';
import { saveUser } from '../commands/user-store.js';
import { TwoFactorErrors } from '../model/identity.errors.js';
import { secretKeys } from './second-factor.js';
import { newRecoveryCodes, totpStep } from './totp.js';
import { enableTwoFactor, readTwoFactor, useTotpStep } from './two-factor-store.js';
import { EnableTwoFactorCommand } from './enable-two-factor.command.js';
import { userWithTwoFactor } from './two-factor-user.js';

@CommandHandler(EnableTwoFactorCommand)
export class EnableTwoFactorHandler implements ICommandHandler<EnableTwoFactorCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}
  async execute(cmd: EnableTwoFactorCommand): Promise<TwoFactorEnabledResponse> {
    const user = await userWithTwoFactor(this.store, cmd.userId, false);
    const stored = await readTwoFactor(this.dataSource, secretKeys(this.config), cmd.userId);
    if (!stored || stored.enabled) throw TwoFactorErrors.noSetup();
    const step = await totpStep(stored.secret, cmd.code.trim(), stored.lastStep);
    if (step === null || !(await useTotpStep(this.dataSource, cmd.userId, step))) throw TwoFactorErrors.wrongCode();
    const recoveryCodes = newRecoveryCodes();
    user.enableTwoFactor(new Date());
    await saveUser(this.store, user, actorMeta(cmd.userId, cmd.requestId));
    await enableTwoFactor(this.dataSource, cmd.userId, recoveryCodes);
    return { recoveryCodes };
  }
}
