import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UUID_PATTERN } from '@app/contracts';
import { EventStore, actorMeta } from '@app/event-store';
import { assertRole } from './workspace-access.js';
import { loadWorkspace, saveWorkspace } from './workspace-store.js';
import { WorkspaceErrors } from './workspaces.errors.js';
import { RemoveMemberCommand } from './remove-member.command.js';

@CommandHandler(RemoveMemberCommand)
export class RemoveMemberHandler implements ICommandHandler<RemoveMemberCommand> {
  constructor(private readonly store: EventStore) {}
  async execute(cmd: RemoveMemberCommand): Promise<void> {
    const memberId = cmd.memberId.toLowerCase();
    if (memberId !== cmd.access.userId) assertRole(cmd.access, 'owner');
    if (!UUID_PATTERN.test(memberId)) throw WorkspaceErrors.memberNotFound();
    const ws = await loadWorkspace(this.store, cmd.access.workspaceId);
    ws.removeMember(memberId, cmd.access.userId, new Date());
    await saveWorkspace(this.store, ws, actorMeta(cmd.access.userId, cmd.requestId));
  }
}
