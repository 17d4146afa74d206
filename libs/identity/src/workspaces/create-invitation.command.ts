import { Command } from '@nestjs/cqrs';
import { type CreatedInvitationDto, type WorkspaceAccess, type WorkspaceRole } from '@app/contracts';

/** POST /api/workspaces/{id}/invitations (owner) → the single-use link, shown once. */
export class CreateInvitationCommand extends Command<CreatedInvitationDto> {
  constructor(
    readonly access: WorkspaceAccess,
    readonly role: WorkspaceRole,
    readonly expiresInDays: number,
    readonly requestId?: string,
  ) {
    super();
  }
}
