import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { UserDto } from '@app/contracts';
import { EventStore, actorMeta } from '@app/event-store';
import { IdentityErrors } from '../model/identity.errors.js';
import { findUserById } from '../queries/user-read-store.js';
import { ApproveUserCommand } from './approve-user.command.js';
import { loadUser, saveUser } from './user-store.js';

@CommandHandler(ApproveUserCommand)
export class ApproveUserHandler implements ICommandHandler<ApproveUserCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
  ) {}

  async execute(cmd: ApproveUserCommand): Promise<UserDto> {
    const user = await loadUser(this.store, cmd.userId);
    user.approve(cmd.by, new Date());
    await saveUser(this.store, user, actorMeta(cmd.by, cmd.requestId));
    const dto = await findUserById(this.dataSource, cmd.userId);
    if (!dto) throw IdentityErrors.userNotFound();
    return dto;
  }
}
