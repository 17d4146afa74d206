import { Command } from '@nestjs/cqrs';
import type { WorkspaceAccess } from '@app/contracts';

/** DELETE /api/workspaces/{id} (owner): the workspace and everything it holds; the personal one: 400. */
export class DeleteWorkspaceCommand extends Command<void> {
  constructor(
    readonly access: WorkspaceAccess,
    readonly requestId?: string,
  ) {
    super();
  }
}
