import { Command } from '@nestjs/cqrs';
import type { UserDto } from '@app/contracts';

/** The user's own password change: the current one is checked, every other session of the user ends at once. */
export class ChangePasswordCommand extends Command<UserDto> {
  constructor(
    readonly userId: string,
    readonly currentPassword: string,
    readonly newPassword: string,
    /** The session making the change: it stays signed in. */
    readonly keepTokenHash: string | undefined,
    readonly ip: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
