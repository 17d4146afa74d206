import { Command } from '@nestjs/cqrs';

/** Ends one session (the caller's). Harmless when the session is already gone. */
export class LogoutCommand extends Command<void> {
  constructor(readonly sessionId: string | null) {
    super();
  }
}
