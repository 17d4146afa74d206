import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RetryFailedResultDto } from '@app/contracts';
import { SystemService } from '../system/system.service.js';

/** POST /api/admin/system/retry-failed: failed click jobs back to waiting. */
export class RetryFailedJobsCommand extends Command<RetryFailedResultDto> {}

@CommandHandler(RetryFailedJobsCommand)
export class RetryFailedJobsHandler implements ICommandHandler<RetryFailedJobsCommand> {
  constructor(private readonly system: SystemService) {}

  execute(): Promise<RetryFailedResultDto> {
    return this.system.retryFailed();
  }
}
