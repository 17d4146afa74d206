import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventStore, actorMeta } from '@app/event-store';
import { DeleteUserCommand } from './delete-user.command.js';
import { loadUser, saveUser } from './save-user.js';

/** The `user-deleted` event removes the account and its sessions; other features' projections remove what it owned. */
@CommandHandler(DeleteUserCommand)
export class DeleteUserHandler implements ICommandHandler<DeleteUserCommand> {
  constructor(private readonly store: EventStore) {}

  async execute(cmd: DeleteUserCommand): Promise<void> {
    const user = await loadUser(this.store, cmd.userId);
    user.delete(cmd.by, new Date());
    await saveUser(this.store, user, actorMeta(cmd.by, cmd.requestId));
  }
}
