import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { WorkspaceAccess, WorkspaceDto } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { Workspace } from './workspace.aggregate.js';
import { loadWorkspace, saveWorkspace } from './workspace-store.js';
import { selectWorkspaces } from './workspace-rows.js';

const meta = (userId: string, requestId?: string) => ({ actorId: userId, requestId: requestId ?? null });

/** POST /api/workspaces: a shared workspace, the caller its first owner. */
export class CreateWorkspaceCommand extends Command<WorkspaceDto> {
  constructor(
    readonly userId: string,
    readonly name: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
@CommandHandler(CreateWorkspaceCommand)
export class CreateWorkspaceHandler implements ICommandHandler<CreateWorkspaceCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
  ) {}
  async execute(cmd: CreateWorkspaceCommand): Promise<WorkspaceDto> {
    const ws = Workspace.create({ workspaceId: randomUUID(), name: cmd.name, personal: false, by: cmd.userId, at: new Date() });
    await saveWorkspace(this.store, ws, meta(cmd.userId, cmd.requestId));
    return (await selectWorkspaces(this.dataSource, cmd.userId, ws.id))[0];
  }
}

/** PUT /api/workspaces/{id} (owner). */
export class RenameWorkspaceCommand extends Command<WorkspaceDto> {
  constructor(
    readonly access: WorkspaceAccess,
    readonly name: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
@CommandHandler(RenameWorkspaceCommand)
export class RenameWorkspaceHandler implements ICommandHandler<RenameWorkspaceCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
  ) {}
  async execute(cmd: RenameWorkspaceCommand): Promise<WorkspaceDto> {
    const ws = await loadWorkspace(this.store, cmd.access.workspaceId);
    ws.rename(cmd.name, cmd.access.userId, new Date());
    await saveWorkspace(this.store, ws, meta(cmd.access.userId, cmd.requestId));
    return (await selectWorkspaces(this.dataSource, cmd.access.userId, ws.id))[0];
  }
}

/** DELETE /api/workspaces/{id} (owner): the workspace and everything it holds; the personal one: 400. */
export class DeleteWorkspaceCommand extends Command<void> {
  constructor(
    readonly access: WorkspaceAccess,
    readonly requestId?: string,
  ) {
    super();
  }
}
@CommandHandler(DeleteWorkspaceCommand)
export class DeleteWorkspaceHandler implements ICommandHandler<DeleteWorkspaceCommand> {
  constructor(private readonly store: EventStore) {}
  async execute(cmd: DeleteWorkspaceCommand): Promise<void> {
    const ws = await loadWorkspace(this.store, cmd.access.workspaceId);
    ws.delete(cmd.access.userId, new Date());
    await saveWorkspace(this.store, ws, meta(cmd.access.userId, cmd.requestId));
  }
}
