import { Command } from '@nestjs/cqrs';
import type { TwoFactorEnabledResponse } from '@app/contracts';

/** The first code from the app confirms the secret: two-factor sign-in is on, and 10 recovery codes are shown once. */
export class EnableTwoFactorCommand extends Command<TwoFactorEnabledResponse> {
  constructor(
    readonly userId: string,
    readonly code: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
