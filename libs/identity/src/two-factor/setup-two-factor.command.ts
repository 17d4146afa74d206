import { Command } from '@nestjs/cqrs';
import type { TwoFactorSetupResponse } from '@app/contracts';

/** A new TOTP secret for the authenticator app, waiting for its first code (shown only in this answer). */
export class SetupTwoFactorCommand extends Command<TwoFactorSetupResponse> {
  constructor(readonly userId: string) {
    super();
  }
}
