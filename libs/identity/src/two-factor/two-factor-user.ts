import { EventStore } from '@app/event-store';
import { loadUser } from '../commands/user-store.js';
import { TwoFactorErrors } from '../model/identity.errors.js';

/** The user, when two-factor sign-in is `on` as the command needs; else the error saying it is on, or off. */
export async function userWithTwoFactor(store: EventStore, userId: string, on: boolean) {
  const user = await loadUser(store, userId);
  if (user.twoFactorEnabled !== on) throw on ? TwoFactorErrors.off() : TwoFactorErrors.alreadyOn();
  return user;
}
