import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { type WorkspaceDto } from '@app/contracts';
import { EventStore, actorMeta } from '@app/event-store';
import { loadWorkspace, saveWorkspace, findInvitation, selectWorkspaces } from './workspace-store.js';
import { WorkspaceErrors } from './workspaces.errors.js';
import { AcceptInvitationCommand } from './accept-invitation.command.js';
import { hashInvitationToken } from './invitation-token.js';

@CommandHandler(AcceptInvitationCommand)
export class AcceptInvitationHandler implements ICommandHandler<AcceptInvitationCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
  ) {}
  async execute(cmd: AcceptInvitationCommand): Promise<{ workspace: WorkspaceDto }> {
    const found = cmd.token.length <= 200 ? await findInvitation(this.dataSource, hashInvitationToken(cmd.token)) : null;
    if (!found) throw WorkspaceErrors.invitationNotFound();
    const ws = await loadWorkspace(this.store, found.workspaceId);
    ws.accept(found.id, cmd.userId, new Date());
    await saveWorkspace(this.store, ws, actorMeta(cmd.userId, cmd.requestId));
    return { workspace: (await selectWorkspaces(this.dataSource, cmd.userId, ws.id))[0] };
  }
}
