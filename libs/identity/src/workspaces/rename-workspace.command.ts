import { Command } from '@nestjs/cqrs';
import type { WorkspaceAccess, WorkspaceDto } from '@app/contracts';

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
