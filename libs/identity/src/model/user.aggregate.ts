import { Aggregate } from '@app/event-store';
import { IdentityErrors, TwoFactorErrors } from './identity.errors.js';
import {
  USER_ADMIN_GRANTED,
  USER_ADMIN_REVOKED,
  USER_APPROVED,
  USER_DELETED,
  USER_PASSWORD_CHANGED,
  USER_PASSWORD_RESET,
  USER_REGISTERED,
  USER_TWO_FACTOR_DISABLED,
  USER_TWO_FACTOR_ENABLED,
  type OidcIdentity,
  type UserEvent,
} from './user.events.js';

export interface RegisterUserInput {
  userId: string;
  username: string;
  /** Null for an account made by single sign-on: it has no password. */
  passwordHash: string | null;
  isAdmin: boolean;
  at: Date;
  oidc?: OidcIdentity;
}

/** A user account: registered (pending), approved by an admin, deleted (rejected when still pending). */
export class User extends Aggregate<UserEvent> {
  id = '';
  username = '';
  isAdmin = false;
  isApproved = false;
  deleted = false;
  hasPassword = false;
  twoFactorEnabled = false;

  static register(input: RegisterUserInput): User {
    const user = new User();
    user.raise({
      type: USER_REGISTERED,
      data: {
        userId: input.userId,
        username: input.username,
        passwordHash: input.passwordHash,
        isAdmin: input.isAdmin,
        at: input.at.toISOString(),
        ...(input.oidc ? { oidc: input.oidc } : {}),
      },
    });
    return user;
  }

  /** Null when the stream is empty (no such user). */
  static fromEvents(history: readonly UserEvent[]): User | null {
    if (history.length === 0) return null;
    return new User().replay(history);
  }

  get exists(): boolean {
    return this.id !== '' && !this.deleted;
  }

  /** Approving an approved account changes nothing (a double click is harmless). */
  approve(by: string | null, at: Date): void {
    if (!this.exists) throw IdentityErrors.userNotFound();
    if (this.isApproved) return;
    this.raise({ type: USER_APPROVED, data: { userId: this.id, at: at.toISOString(), by } });
  }

  /** An admin rejects a pending account or deletes an approved one. Admins cannot be deleted so; one's own account is deleteOwn. */
  delete(by: string, at: Date): void {
    if (!this.exists) throw IdentityErrors.userNotFound();
    if (by === this.id) throw IdentityErrors.selfDelete();
    if (this.isAdmin) throw IdentityErrors.adminNotDeletable();
    const reason = this.isApproved ? 'deleted' : 'rejected';
    this.raise({ type: USER_DELETED, data: { userId: this.id, at: at.toISOString(), by, reason } });
  }

  /**
   * The user deletes their own account (docs/product.md#accounts; the caller checked the password or a fresh sign-in).
   * An administrator may, unless no other administrator would be left.
   */
  deleteOwn(at: Date, anotherAdmin: boolean): void {
    if (!this.exists) throw IdentityErrors.userNotFound();
    if (this.isAdmin && !anotherAdmin) throw IdentityErrors.lastAdmin();
    this.raise({ type: USER_DELETED, data: { userId: this.id, at: at.toISOString(), by: this.id, reason: 'deleted' } });
  }

  /** The user's own new password (the caller checked the current one); ends a must-change-password state. */
  changePassword(passwordHash: string, at: Date): void {
    if (!this.exists) throw IdentityErrors.userNotFound();
    this.raise({ type: USER_PASSWORD_CHANGED, data: { userId: this.id, passwordHash, at: at.toISOString() } });
  }

  /** An admin's temporary password: the user must change it before anything else works. Not one's own. */
  resetPassword(passwordHash: string, by: string, at: Date): void {
    if (!this.exists) throw IdentityErrors.userNotFound();
    if (by === this.id) throw IdentityErrors.selfReset();
    this.raise({ type: USER_PASSWORD_RESET, data: { userId: this.id, passwordHash, at: at.toISOString(), by } });
  }

  /**
   * OIDC_ADMIN_GROUPS at a single sign-on (every one, not only the first): a member of an admin group is an approved
   * administrator, anyone else is not, except the instance's last administrator, who stays one.
   */
  setAdminByGroups(inAdminGroup: boolean, at: Date, anotherAdmin: boolean): void {
    if (!this.exists) throw IdentityErrors.userNotFound();
    const iso = at.toISOString();
    if (inAdminGroup && !this.isAdmin) {
      this.raise({ type: USER_ADMIN_GRANTED, data: { userId: this.id, at: iso, by: null } });
      this.approve(null, at);
    }
    if (!inAdminGroup && this.isAdmin && anotherAdmin) this.raise({ type: USER_ADMIN_REVOKED, data: { userId: this.id, at: iso, by: null } });
  }

  enableTwoFactor(at: Date): void {
    if (!this.exists) throw IdentityErrors.userNotFound();
    if (this.twoFactorEnabled) throw TwoFactorErrors.alreadyOn();
    this.raise({ type: USER_TWO_FACTOR_ENABLED, data: { userId: this.id, at: at.toISOString() } });
  }

  disableTwoFactor(at: Date): void {
    if (!this.exists) throw IdentityErrors.userNotFound();
    if (!this.twoFactorEnabled) throw TwoFactorErrors.off();
    this.raise({ type: USER_TWO_FACTOR_DISABLED, data: { userId: this.id, at: at.toISOString() } });
  }

  protected when(event: UserEvent): void {
    switch (event.type) {
      case USER_REGISTERED:
        this.id = event.data.userId;
        this.username = event.data.username;
        this.isAdmin = event.data.isAdmin;
        this.hasPassword = event.data.passwordHash !== null;
        break;
      case USER_PASSWORD_CHANGED:
      case USER_PASSWORD_RESET:
        this.hasPassword = true;
        break;
      case USER_TWO_FACTOR_ENABLED:
        this.twoFactorEnabled = true;
        break;
      case USER_TWO_FACTOR_DISABLED:
        this.twoFactorEnabled = false;
        break;
      case USER_APPROVED:
        this.isApproved = true;
        break;
      case USER_ADMIN_GRANTED:
      case USER_ADMIN_REVOKED:
        this.isAdmin = event.type === USER_ADMIN_GRANTED;
        break;
      case USER_DELETED:
        this.deleted = true;
        break;
    }
  }
}
