import { Command } from '@nestjs/cqrs';
import { type WorkspaceAccess, type WorkspaceMemberDto, type WorkspaceRole } from '@app/contracts';

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
