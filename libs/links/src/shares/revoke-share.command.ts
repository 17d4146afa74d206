import { Command } from '@nestjs/cqrs';
import type { WorkspaceAccess } from '@app/contracts';

/** Revoke at once: the page answers 404 from the next request on. */
export class RevokeShareCommand extends Command<void> {
  constructor(
    readonly actor: WorkspaceAccess,
    readonly shareId: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
