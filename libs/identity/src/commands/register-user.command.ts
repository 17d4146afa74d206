import { Command } from '@nestjs/cqrs';
import type { AuthResponse } from '@app/contracts';

/** Sign-up from the login screen: the account waits for approval, the caller is signed in at once. */
export class RegisterUserCommand extends Command<AuthResponse> {
  constructor(
    readonly username: string,
    readonly password: string,
    readonly ip: string,
    readonly requestId?: string,
    readonly userAgent: string | null = null,
  ) {
    super();
  }
}
