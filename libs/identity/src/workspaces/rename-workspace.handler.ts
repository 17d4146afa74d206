import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { WorkspaceDto } from '@app/contracts';
import { EventStore, actorMeta } from '@app/event-store';
import { loadWorkspace, saveWorkspace, selectWorkspaces } from './workspace-store.js';
import { RenameWorkspaceCommand } from './rename-workspace.command.js';

@CommandHandler(RenameWorkspaceCommand)
export class RenameWorkspaceHandler implements ICommandHandler<RenameWorkspaceCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
  ) {}
  async execute(cmd: RenameWorkspaceCommand): Promise<WorkspaceDto> {
    const ws = await loadWorkspace(this.store, cmd.access.workspaceId);
    ws.rename(cmd.name, cmd.access.userId, new Date());
    await saveWorkspace(this.store, ws, actorMeta(cmd.access.userId, cmd.requestId));
    return (await selectWorkspaces(this.dataSource, cmd.access.userId, ws.id))[0];
  }
}
