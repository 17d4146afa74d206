import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RebuildProjectionsResultDto } from '@app/contracts';
import { SystemService } from '../system/system.service.js';

/** POST /api/admin/system/rebuild-projections: empty the read models and replay the event store. */
export class RebuildProjectionsCommand extends Command<RebuildProjectionsResultDto> {}

@CommandHandler(RebuildProjectionsCommand)
export class RebuildProjectionsHandler implements ICommandHandler<RebuildProjectionsCommand> {
  constructor(private readonly system: SystemService) {}

  execute(): Promise<RebuildProjectionsResultDto> {
    return this.system.rebuildProjections();
  }
}
