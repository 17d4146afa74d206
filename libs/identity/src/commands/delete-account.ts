import type { DataSource } from 'typeorm';
import { ConcurrencyError, type EventMetadata, type EventStore } from '@app/event-store';
import type { SessionsEnded } from '../auth/sessions-ended.js';
import { IdentityErrors } from '../model/identity.errors.js';
import type { User } from '../model/user.aggregate.js';
import { USER_STREAM } from '../model/user.events.js';
import { userSessions } from '../sessions.js';
import { workspaceIdsOf, loadWorkspace, workspaceAppend } from '../workspaces/workspace-store.js';

/**
 * THE way an account goes (an admin's Delete or Reject, the user's own deletion), once `user` has raised its
 * `user-deleted`: in ONE transaction with it, the user leaves each shared workspace (a last owner hands over to the
 * longest-standing member, editors before viewers; a workspace left empty is deleted: docs/product.md#workspaces), so
 * no workspace is ever left without an owner. The personal workspace and everything the user owns go with
 * `user-deleted` (each owning projection). Afterwards the account's live sockets are closed at once.
 */
export async function deleteAccount(
  store: EventStore,
  db: DataSource,
  user: User,
  metadata: EventMetadata,
  sessionsEnded?: SessionsEnded,
): Promise<void> {
  const by = metadata.actorId ?? user.id;
  const at = new Date();
  const shared = (await workspaceIdsOf(db, user.id)).filter((id) => id !== user.id);
  const workspaces = await Promise.all(shared.map((id) => loadWorkspace(store, id)));
  for (const ws of workspaces) ws.removeDeletedAccount(user.id, by, at);
  const sessions = (await userSessions(db, user.id)).map((s) => s.token_hash);
  try {
    await store.appendMany([
      ...workspaces.map((ws) => workspaceAppend(ws, metadata)).filter((a) => a.events.length > 0),
      { streamType: USER_STREAM, streamId: user.id, expectedVersion: user.version, events: user.takePending(), metadata },
    ]);
  } catch (err) {
    if (err instanceof ConcurrencyError) throw IdentityErrors.changedMeanwhile();
    throw err;
  }
  sessionsEnded?.(sessions);
}
