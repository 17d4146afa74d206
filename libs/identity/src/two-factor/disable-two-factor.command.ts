import { Command } from '@nestjs/cqrs';

/** Turning it off takes the password (when the account has one) and a current code or an unused recovery code. */
export class DisableTwoFactorCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly password: string,
    readonly code: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
