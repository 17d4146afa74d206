import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { UUID_PATTERN, type WorkspaceAccess, type WorkspaceMemberDto, type WorkspaceRole } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { assertRole } from './workspace-access.js';
import { loadWorkspace, saveWorkspace } from './workspace-store.js';
import { selectMembers } from './workspace-rows.js';
import { WorkspaceErrors } from './workspaces.errors.js';

const meta = (userId: string, requestId?: string) => ({ actorId: userId, requestId: requestId ?? null });

/** PUT /api/workspaces/{id}/members/{userId} (owner): a new role; the last owner cannot step down (400). */
export class ChangeMemberRoleCommand extends Command<WorkspaceMemberDto> {
  constructor(
    readonly access: WorkspaceAccess,
    readonly memberId: string,
    readonly role: WorkspaceRole,
    readonly requestId?: string,
  ) {
    super();
  }
}
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
    await saveWorkspace(this.store, ws, meta(cmd.access.userId, cmd.requestId));
    return (await selectMembers(this.dataSource, ws.id)).find((m) => m.userId === cmd.memberId.toLowerCase())!;
  }
}

/** DELETE /api/workspaces/{id}/members/{userId}: an owner removes anyone, a member leaves; never the last owner (400). */
export class RemoveMemberCommand extends Command<void> {
  constructor(
    readonly access: WorkspaceAccess,
    readonly memberId: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
@CommandHandler(RemoveMemberCommand)
export class RemoveMemberHandler implements ICommandHandler<RemoveMemberCommand> {
  constructor(private readonly store: EventStore) {}
  async execute(cmd: RemoveMemberCommand): Promise<void> {
    const memberId = cmd.memberId.toLowerCase();
    if (memberId !== cmd.access.userId) assertRole(cmd.access, 'owner');
    if (!UUID_PATTERN.test(memberId)) throw WorkspaceErrors.memberNotFound();
    const ws = await loadWorkspace(this.store, cmd.access.workspaceId);
    ws.removeMember(memberId, cmd.access.userId, new Date());
    await saveWorkspace(this.store, ws, meta(cmd.access.userId, cmd.requestId));
  }
}
