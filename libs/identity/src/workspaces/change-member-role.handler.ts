import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { UUID_PATTERN, type WorkspaceMemberDto } from '@app/contracts';
import { EventStore, actorMeta } from '@app/event-store';
import { loadWorkspace, saveWorkspace, selectMembers } from './workspace-store.js';
import { WorkspaceErrors } from './workspaces.errors.js';
import { ChangeMemberRoleCommand } from './change-member-role.command.js';

@CommandHandler(ChangeMemberRoleCommand)
export class ChangeMemberRoleHandler implements ICommandHandler<ChangeMemberRoleCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
  ) {}
  async execute(cmd: ChangeMemberRoleCommand): Promise<WorkspaceMemberDto> {
    if (!UUID_PATTERN.test(cmd.memberId)) throw WorkspaceErrors.memberNotFound();
    const ws = await loadWorkspace(this.store, cmd.access.workspaceId);
    ws.changeRole(cmd.memberId.toLowerCase(), cmd.role, cmd.access.userId, new Date());
    await saveWorkspace(this.store, ws, actorMeta(cmd.access.userId, cmd.requestId));
    return (await selectMembers(this.dataSource, ws.id)).find((m) => m.userId === cmd.memberId.toLowerCase())!;
  }
}
