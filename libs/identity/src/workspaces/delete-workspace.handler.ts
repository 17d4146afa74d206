import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventStore, actorMeta } from '@app/event-store';
import { loadWorkspace, saveWorkspace } from './workspace-store.js';
import { DeleteWorkspaceCommand } from './delete-workspace.command.js';

@CommandHandler(DeleteWorkspaceCommand)
export class DeleteWorkspaceHandler implements ICommandHandler<DeleteWorkspaceCommand> {
  constructor(private readonly store: EventStore) {}
  async execute(cmd: DeleteWorkspaceCommand): Promise<void> {
    const ws = await loadWorkspace(this.store, cmd.access.workspaceId);
    ws.delete(cmd.access.userId, new Date());
    await saveWorkspace(this.store, ws, actorMeta(cmd.access.userId, cmd.requestId));
  }
}
