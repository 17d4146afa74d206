import type { EntityManager } from 'typeorm';
import type { Projection, StoredEvent } from '@app/event-store';
import {
  USER_ADMIN_GRANTED,
  USER_ADMIN_REVOKED,
  USER_APPROVED,
  USER_DELETED,
  USER_EVENT_TYPES,
  USER_PASSWORD_CHANGED,
  USER_PASSWORD_RESET,
  USER_REGISTERED,
  USER_TWO_FACTOR_DISABLED,
  USER_TWO_FACTOR_ENABLED,
  type UserEvent,
} from '../model/user.events.js';
import { deleteUserSessions } from '../sessions.js';
import { deleteUserApiKeys } from '../api-keys/api-key-store.js';
import { deleteTwoFactor } from '../two-factor/two-factor-store.js';

/**
 * `users` read model, updated in the append transaction. A deleted user's sessions, API keys and two-factor secret go
 * too; `sessions` and `two_factor` are not read models (not in `tables`), so a rebuild keeps everyone signed in and
 * every authenticator app working. Sessions ended by a password change or reset are ended by the command, not here: a
 * rebuild replaying the event must not sign anyone out.
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
          `INSERT INTO users (id, username, password_hash, is_admin, is_approved, created_at, oidc_issuer, oidc_subject)
           VALUES ($1, $2, $3, $4, false, $5, $6, $7)`,
          [d.userId, d.username, d.passwordHash, d.isAdmin, d.at, d.oidc?.issuer ?? null, d.oidc?.subject ?? null],
        );
        break;
      }
      case USER_PASSWORD_CHANGED:
        await manager.query<unknown>('UPDATE users SET password_hash = $2, must_change_password = false WHERE id = $1', [
          event.data.userId,
          event.data.passwordHash,
        ]);
        break;
      case USER_PASSWORD_RESET:
        await manager.query<unknown>('UPDATE users SET password_hash = $2, must_change_password = true WHERE id = $1', [
          event.data.userId,
          event.data.passwordHash,
        ]);
        break;
      case USER_TWO_FACTOR_ENABLED:
      case USER_TWO_FACTOR_DISABLED:
        await manager.query<unknown>('UPDATE users SET two_factor_enabled = $2 WHERE id = $1', [
          event.data.userId,
          event.type === USER_TWO_FACTOR_ENABLED,
        ]);
        break;
      case USER_APPROVED:
        await manager.query<unknown>('UPDATE users SET is_approved = true, approved_at = $2 WHERE id = $1', [event.data.userId, event.data.at]);
        break;
      case USER_ADMIN_GRANTED:
      case USER_ADMIN_REVOKED:
        await manager.query<unknown>('UPDATE users SET is_admin = $2 WHERE id = $1', [event.data.userId, event.type === USER_ADMIN_GRANTED]);
        break;
      case USER_DELETED:
        await manager.query<unknown>('DELETE FROM users WHERE id = $1', [event.data.userId]);
        await deleteUserSessions(manager, event.data.userId);
        await deleteUserApiKeys(manager, event.data.userId);
        await deleteTwoFactor(manager, event.data.userId);
        break;
    }
  }
}
