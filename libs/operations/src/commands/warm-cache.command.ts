import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { WarmCacheResultDto } from '@app/contracts';
import { SystemService } from '../system/system.service.js';

/** POST /api/admin/system/warm-cache: every servable link into the Redis link cache. */
export class WarmCacheCommand extends Command<WarmCacheResultDto> {}

@CommandHandler(WarmCacheCommand)
export class WarmCacheHandler implements ICommandHandler<WarmCacheCommand> {
  constructor(private readonly system: SystemService) {}

  execute(): Promise<WarmCacheResultDto> {
    return this.system.warmCache();
  }
}
