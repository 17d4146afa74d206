import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@app/config';
import type { TwoFactorSetupResponse } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { secretKeys } from './second-factor.js';
import { newTotpSecret, totpUri } from './totp.js';
import { saveTwoFactorSetup } from './two-factor-store.js';
import { SetupTwoFactorCommand } from './setup-two-factor.command.js';
import { userWithTwoFactor } from './two-factor-user.js';

@CommandHandler(SetupTwoFactorCommand)
export class SetupTwoFactorHandler implements ICommandHandler<SetupTwoFactorCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}
  async execute(cmd: SetupTwoFactorCommand): Promise<TwoFactorSetupResponse> {
    const user = await userWithTwoFactor(this.store, cmd.userId, false);
    const secret = newTotpSecret();
    await saveTwoFactorSetup(this.dataSource, secretKeys(this.config), cmd.userId, secret);
    return { secret, otpauthUrl: totpUri(secret, user.username) };
  }
}
