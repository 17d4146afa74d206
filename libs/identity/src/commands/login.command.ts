import { Command } from '@nestjs/cqrs';
import type { AuthResponse } from '@app/contracts';

/** Sign-in: checks the password and opens a session (sessions are not event-sourced). */
export class LoginCommand extends Command<AuthResponse> {
  constructor(
    readonly username: string,
    readonly password: string,
    readonly ip: string,
  ) {
    super();
  }
}
