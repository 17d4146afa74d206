import { ConcurrencyError, isUniqueViolation, type EventMetadata, type EventStore } from '@app/event-store';
import { IdentityErrors } from '../model/identity.errors.js';
import { USER_STREAM, type UserEvent } from '../model/user.events.js';
import { User } from '../model/user.aggregate.js';
import { Workspace } from '../workspaces/workspace.aggregate.js';
import { workspaceAppend } from '../workspaces/workspace-store.js';

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

/**
 * THE way an account is made (sign-up, the first admin, any future sign-in provider): the user's events and their
 * personal workspace (id = the user's id, they its owner) in ONE transaction, so no account exists without one.
 */
export async function saveNewAccount(store: EventStore, user: User, metadata: EventMetadata = {}): Promise<void> {
  const personal = Workspace.createPersonal(user.id, new Date());
  const events = user.takePending();
  try {
    await store.appendMany([
      { streamType: USER_STREAM, streamId: user.id, expectedVersion: 0, events, metadata },
      workspaceAppend(personal, metadata),
    ]);
    user.version += events.length;
  } catch (err) {
    if (isUniqueViolation(err, 'users_username_unique')) throw IdentityErrors.usernameTaken();
    if (err instanceof ConcurrencyError) throw IdentityErrors.changedMeanwhile();
    throw err;
  }
}
