import type { EventStore } from '@app/event-store';
import { User } from '../model/user.aggregate.js';
import type { OidcIdentity } from '../model/user.events.js';
import { saveNewAccount } from './user-store.js';

export interface NewAccount {
  userId: string;
  username: string;
  /** Null for an account made by single sign-on (no password). */
  passwordHash: string | null;
  isAdmin: boolean;
  oidc?: OidcIdentity;
  /** Approved at once (single sign-on with OIDC_AUTO_APPROVE); otherwise it waits for an admin. */
  approved?: boolean;
}

/**
 * The one way a self-service account is made (sign-up and first single sign-on): the `user-registered` event, plus
 * `user-approved` when it starts approved, appended together, so every projection that reacts to a new account sees
 * both, with the account's personal workspace in the same transaction (saveNewAccount: docs/architecture.md
 * "Workspaces"). A taken username is a 409.
 */
export async function registerAccount(store: EventStore, input: NewAccount, requestId?: string): Promise<void> {
  const at = new Date();
  const user = User.register({
    userId: input.userId,
    username: input.username,
    passwordHash: input.passwordHash,
    isAdmin: input.isAdmin,
    at,
    oidc: input.oidc,
  });
  if (input.approved) user.approve(null, at);
  await saveNewAccount(store, user, { actorId: input.userId, requestId: requestId ?? null });
}
