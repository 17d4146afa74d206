import { Command } from '@nestjs/cqrs';

/** An account without a password (single sign-on) confirms with a sign-in this recent. */
export const FRESH_SIGN_IN_MINUTES = 10;

/**
 * `DELETE /api/auth/account` (docs/product.md#accounts): the user deletes their own account, confirmed with the
 * current password, or for an account without one (single sign-on) by a session opened in the last
 * FRESH_SIGN_IN_MINUTES; with two-factor sign-in on, also by a current code of the authenticator app or a recovery
 * code. What goes with it is an admin's Delete's (deleteAccount); every session and socket ends.
 */
export class DeleteOwnAccountCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly password: string | undefined,
    readonly sessionHash: string | undefined,
    readonly ip: string,
    readonly requestId?: string,
    /** The second factor: required when two-factor sign-in is on. */
    readonly code?: string,
  ) {
    super();
  }
}
