import { Command } from '@nestjs/cqrs';
import type { LoginResponse } from '@app/contracts';

/**
 * Sign-in: checks the password and opens a session (sessions are not event-sourced); with two-factor sign-in on, it
 * answers a challenge for the second step instead.
 */
export class LoginCommand extends Command<LoginResponse> {
  constructor(
    readonly username: string,
    readonly password: string,
    readonly ip: string,
    readonly userAgent: string | null = null,
  ) {
    super();
  }
}
