import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RecoverResultDto } from '@app/contracts';
import { RecoveryService } from '../recovery/recovery.service.js';

/** POST /api/admin/recover. */
export class RecoverCommand extends Command<RecoverResultDto> {}

@CommandHandler(RecoverCommand)
export class RecoverHandler implements ICommandHandler<RecoverCommand> {
  constructor(private readonly recovery: RecoveryService) {}

  execute(): Promise<RecoverResultDto> {
    return this.recovery.recover();
  }
}
