import { Command } from '@nestjs/cqrs';
import { type WorkspaceAccess } from '@app/contracts';

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
