import { Command } from '@nestjs/cqrs';

/** Rejects a pending registration or deletes an approved account (admins only; never an admin, never oneself). */
export class DeleteUserCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly by: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
