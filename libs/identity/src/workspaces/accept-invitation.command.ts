import { Command } from '@nestjs/cqrs';
import { type WorkspaceDto } from '@app/contracts';

/** POST /api/invitations/{token}/accept (signed in, approved): the caller joins with the invitation's role. */
export class AcceptInvitationCommand extends Command<{ workspace: WorkspaceDto }> {
  constructor(
    readonly userId: string,
    readonly token: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
