import { Command } from '@nestjs/cqrs';
import type { AuthResponse } from '@app/contracts';
import { type SessionOrigin } from '../sessions.js';

/** The second step of a two-factor sign-in: a TOTP code or an unused recovery code opens the session. */
export class LoginTwoFactorCommand extends Command<AuthResponse> {
  constructor(
    readonly challenge: string,
    readonly code: string,
    readonly origin: SessionOrigin & { ip: string },
  ) {
    super();
  }
}
