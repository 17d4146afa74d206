import { Command } from '@nestjs/cqrs';
import type { UserDto } from '@app/contracts';

export class ApproveUserCommand extends Command<UserDto> {
  constructor(
    readonly userId: string,
    readonly by: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
