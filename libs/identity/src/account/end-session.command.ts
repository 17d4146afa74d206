import { Command } from '@nestjs/cqrs';

/** Ends one of the user's sessions: its next call gets 401 and its live socket is closed at once. */
export class EndSessionCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly sessionId: string,
  ) {
    super();
  }
}
