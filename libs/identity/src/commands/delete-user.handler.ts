import { Inject, Optional } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { EventStore, actorMeta } from '@app/event-store';
import { SESSIONS_ENDED, type SessionsEnded } from '../auth/sessions-ended.js';
import { DeleteUserCommand } from './delete-user.command.js';
import { deleteAccount } from './delete-account.js';
import { loadUser } from './user-store.js';

/** The `user-deleted` event removes the account and its sessions; other features' projections remove what it owned. */
@CommandHandler(DeleteUserCommand)
export class DeleteUserHandler implements ICommandHandler<DeleteUserCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    @Optional() @Inject(SESSIONS_ENDED) private readonly sessionsEnded?: SessionsEnded,
  ) {}

  async execute(cmd: DeleteUserCommand): Promise<void> {
    const user = await loadUser(this.store, cmd.userId);
    user.delete(cmd.by, new Date());
    await deleteAccount(this.store, this.dataSource, user, actorMeta(cmd.by, cmd.requestId), this.sessionsEnded);
  }
}
