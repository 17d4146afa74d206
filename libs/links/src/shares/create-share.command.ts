import { Command } from '@nestjs/cqrs';
import type { CreatedShareDto, WorkspaceAccess } from '@app/contracts';

/** Share one of the workspace's links or tags (the api's DTO checked the shape: lengths, date format). */
export class CreateShareCommand extends Command<CreatedShareDto> {
  constructor(
    readonly actor: WorkspaceAccess,
    readonly subject: { linkId: string | null; tag: string | null },
    readonly password: string | null,
    readonly expiresAt: Date | null,
    readonly requestId?: string,
  ) {
    super();
  }
}
