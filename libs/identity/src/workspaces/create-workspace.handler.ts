import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { WorkspaceDto } from '@app/contracts';
import { EventStore, actorMeta } from '@app/event-store';
import { Workspace } from './workspace.aggregate.js';
import { saveWorkspace, selectWorkspaces } from './workspace-store.js';
import { CreateWorkspaceCommand } from './create-workspace.command.js';

@CommandHandler(CreateWorkspaceCommand)
export class CreateWorkspaceHandler implements ICommandHandler<CreateWorkspaceCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
  ) {}
  async execute(cmd: CreateWorkspaceCommand): Promise<WorkspaceDto> {
    const ws = Workspace.create({ workspaceId: randomUUID(), name: cmd.name, personal: false, by: cmd.userId, at: new Date() });
    await saveWorkspace(this.store, ws, actorMeta(cmd.userId, cmd.requestId));
    return (await selectWorkspaces(this.dataSource, cmd.userId, ws.id))[0];
  }
}
