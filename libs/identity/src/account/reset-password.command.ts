import { Command } from '@nestjs/cqrs';
import type { ResetPasswordResponse } from '@app/contracts';

/** An admin sets a temporary password: the user's sessions end, and they must choose a new password after signing in. */
export class ResetPasswordCommand extends Command<ResetPasswordResponse> {
  constructor(
    readonly userId: string,
    readonly by: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
