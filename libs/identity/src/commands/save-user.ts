import { ConcurrencyError, isUniqueViolation, type EventMetadata, type EventStore } from '@app/event-store';
import { IdentityErrors } from '../model/identity.errors.js';
import { USER_STREAM, type UserEvent } from '../model/user.events.js';
import { User } from '../model/user.aggregate.js';

/** Loads a user's stream; 404 when there is none. */
export async function loadUser(store: EventStore, userId: string): Promise<User> {
  const history = await store.load(userId);
  const user = User.fromEvents(history.map((e) => ({ type: e.type, data: e.data }) as UserEvent));
  if (!user) throw IdentityErrors.userNotFound();
  return user;
}

/** Appends the user's new events; maps a lost race to 409 and a taken username to 409 'Username is already taken'. */
export async function saveUser(store: EventStore, user: User, metadata: EventMetadata = {}): Promise<void> {
  const pending = user.takePending();
  try {
    await store.append(USER_STREAM, user.id, user.version, pending, metadata);
    user.version += pending.length;
  } catch (err) {
    if (isUniqueViolation(err, 'users_username_unique')) throw IdentityErrors.usernameTaken();
    if (err instanceof ConcurrencyError) throw IdentityErrors.changedMeanwhile();
    throw err;
  }
}
