import { Aggregate } from '@app/event-store';
import { IdentityErrors } from './identity.errors.js';
import { USER_APPROVED, USER_DELETED, USER_REGISTERED, type UserEvent } from './user.events.js';

export interface RegisterUserInput {
  userId: string;
  username: string;
  passwordHash: string;
  isAdmin: boolean;
  at: Date;
}

/** A user account: registered (pending), approved by an admin, deleted (rejected when still pending). */
export class User extends Aggregate<UserEvent> {
  id = '';
  username = '';
  isAdmin = false;
  isApproved = false;
  deleted = false;

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

  /** Rejects a pending account or deletes an approved one. Admins cannot be deleted; nobody deletes themself. */
  delete(by: string, at: Date): void {
    if (!this.exists) throw IdentityErrors.userNotFound();
    if (by === this.id) throw IdentityErrors.selfDelete();
    if (this.isAdmin) throw IdentityErrors.adminNotDeletable();
    const reason = this.isApproved ? 'deleted' : 'rejected';
    this.raise({ type: USER_DELETED, data: { userId: this.id, at: at.toISOString(), by, reason } });
  }

  protected when(event: UserEvent): void {
    switch (event.type) {
      case USER_REGISTERED:
        this.id = event.data.userId;
        this.username = event.data.username;
        this.isAdmin = event.data.isAdmin;
        break;
      case USER_APPROVED:
        this.isApproved = true;
        break;
      case USER_DELETED:
        this.deleted = true;
        break;
    }
  }
}
