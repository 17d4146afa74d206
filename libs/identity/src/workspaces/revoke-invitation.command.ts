import { Command } from '@nestjs/cqrs';
import { type WorkspaceAccess } from '@app/contracts';

/** DELETE /api/workspaces/{id}/invitations/{invitationId} (owner): the link stops working at once. */
export class RevokeInvitationCommand extends Command<void> {
  constructor(
    readonly access: WorkspaceAccess,
    readonly invitationId: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
