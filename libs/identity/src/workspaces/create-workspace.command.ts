import { Command } from '@nestjs/cqrs';
import type { WorkspaceDto } from '@app/contracts';

/** POST /api/workspaces: a shared workspace, the caller its first owner. */
export class CreateWorkspaceCommand extends Command<WorkspaceDto> {
  constructor(
    readonly userId: string,
    readonly name: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
