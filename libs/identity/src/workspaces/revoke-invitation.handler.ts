import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UUID_PATTERN } from '@app/contracts';
import { EventStore, actorMeta } from '@app/event-store';
import { loadWorkspace, saveWorkspace } from './workspace-store.js';
import { WorkspaceErrors } from './workspaces.errors.js';
import { RevokeInvitationCommand } from './revoke-invitation.command.js';

@CommandHandler(RevokeInvitationCommand)
export class RevokeInvitationHandler implements ICommandHandler<RevokeInvitationCommand> {
  constructor(private readonly store: EventStore) {}
  async execute(cmd: RevokeInvitationCommand): Promise<void> {
    if (!UUID_PATTERN.test(cmd.invitationId)) throw WorkspaceErrors.invitationNotFound();
    const ws = await loadWorkspace(this.store, cmd.access.workspaceId);
    ws.revoke(cmd.invitationId.toLowerCase(), cmd.access.userId, new Date());
    await saveWorkspace(this.store, ws, actorMeta(cmd.access.userId, cmd.requestId));
  }
}
