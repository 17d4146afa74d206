import type { EntityManager } from 'typeorm';
import type { Projection, StoredEvent } from '@app/event-store';
import { USER_APPROVED, USER_DELETED, USER_EVENT_TYPES, USER_REGISTERED, type UserEvent } from '../model/user.events.js';
import { deleteUserSessions } from '../sessions.js';
import { deleteUserApiKeys } from '../api-keys/api-key-store.js';

/**
 * `users` read model, updated in the append transaction. A deleted user's sessions and API keys go too; `sessions` is not a
 * read model (not in `tables`), so a rebuild keeps everyone signed in.
 */
export class UsersProjection implements Projection {
  readonly name = 'users';
  readonly tables = ['users'];

  handles(eventType: string): boolean {
    return USER_EVENT_TYPES.includes(eventType);
  }

  async apply(manager: EntityManager, stored: StoredEvent): Promise<void> {
    const event = { type: stored.type, data: stored.data } as UserEvent;
    switch (event.type) {
      case USER_REGISTERED: {
        const d = event.data;
        await manager.query<unknown>(
          `INSERT INTO users (id, username, password_hash, is_admin, is_approved, created_at) VALUES ($1, $2, $3, $4, false, $5)`,
          [d.userId, d.username, d.passwordHash, d.isAdmin, d.at],
        );
        break;
      }
      case USER_APPROVED:
        await manager.query<unknown>('UPDATE users SET is_approved = true, approved_at = $2 WHERE id = $1', [event.data.userId, event.data.at]);
        break;
      case USER_DELETED:
        await manager.query<unknown>('DELETE FROM users WHERE id = $1', [event.data.userId]);
        await deleteUserSessions(manager, event.data.userId);
        await deleteUserApiKeys(manager, event.data.userId);
        break;
    }
  }
}
