import { Aggregate } from '@app/event-store';
import type { WorkspaceRole } from '@app/contracts';
import { WorkspaceErrors } from './workspaces.errors.js';
import { PERSONAL_WORKSPACE_NAME, workspaceSlug } from './workspace-stream.js';
import {
  WORKSPACE_CREATED,
  WORKSPACE_DELETED,
  WORKSPACE_INVITATION_ACCEPTED,
  WORKSPACE_INVITATION_CREATED,
  WORKSPACE_INVITATION_REVOKED,
  WORKSPACE_MEMBER_ADDED,
  WORKSPACE_MEMBER_REMOVED,
  WORKSPACE_RENAMED,
  WORKSPACE_ROLE_CHANGED,
  type WorkspaceEvent,
} from './workspace.events.js';

interface Invitation {
  role: WorkspaceRole;
  expiresAt: Date;
  open: boolean;
}

/**
 * A workspace: its name, its members and their roles, its invitations. It keeps at least one owner, a personal
 * workspace is never deleted by itself (it goes with its account), and an invitation is used once, before it expires.
 * Who may ask for what (role checks) is the workspace access rule's job (workspace-access.ts), not this aggregate's.
 */
export class Workspace extends Aggregate<WorkspaceEvent> {
  id = '';
  name = '';
  personal = false;
  deleted = false;
  readonly members = new Map<string, WorkspaceRole>();
  readonly invitations = new Map<string, Invitation>();

  /** The personal workspace made with every account (and by the upgrade migration for earlier accounts). */
  static createPersonal(userId: string, at: Date): Workspace {
    return Workspace.create({ workspaceId: userId, name: PERSONAL_WORKSPACE_NAME, personal: true, by: userId, at });
  }

  static create(input: { workspaceId: string; name: string; personal: boolean; by: string; at: Date }): Workspace {
    const w = new Workspace();
    const at = input.at.toISOString();
    const name = input.name.trim();
    w.raise({
      type: WORKSPACE_CREATED,
      data: { workspaceId: input.workspaceId, name, slug: workspaceSlug(name), personal: input.personal, by: input.by, at },
    });
    w.raise({ type: WORKSPACE_MEMBER_ADDED, data: { workspaceId: input.workspaceId, userId: input.by, role: 'owner', by: input.by, at } });
    return w;
  }

  static fromEvents(history: readonly WorkspaceEvent[]): Workspace | null {
    const w = new Workspace().replay(history);
    return w.exists ? w : null;
  }

  get exists(): boolean {
    return this.id !== '' && !this.deleted;
  }

  rename(name: string, by: string, at: Date): void {
    const trimmed = name.trim();
    if (trimmed === this.name) return;
    this.raise({ type: WORKSPACE_RENAMED, data: { workspaceId: this.id, name: trimmed, slug: workspaceSlug(trimmed), by, at: at.toISOString() } });
  }

  delete(by: string, at: Date): void {
    if (this.personal) throw WorkspaceErrors.personalNotDeletable();
    this.raise({ type: WORKSPACE_DELETED, data: { workspaceId: this.id, by, at: at.toISOString() } });
  }

  changeRole(userId: string, role: WorkspaceRole, by: string, at: Date): void {
    const current = this.members.get(userId);
    if (!current) throw WorkspaceErrors.memberNotFound();
    if (current === role) return;
    if (current === 'owner') this.assertAnotherOwner(userId);
    this.raise({ type: WORKSPACE_ROLE_CHANGED, data: { workspaceId: this.id, userId, role, by, at: at.toISOString() } });
  }

  removeMember(userId: string, by: string, at: Date): void {
    const current = this.members.get(userId);
    if (!current) throw WorkspaceErrors.memberNotFound();
    if (current === 'owner') this.assertAnotherOwner(userId);
    this.raise({ type: WORKSPACE_MEMBER_REMOVED, data: { workspaceId: this.id, userId, by, at: at.toISOString() } });
  }

  /**
   * A member's account is being deleted (docs/product.md#workspaces): they leave; when they were the last owner the
   * longest-standing member takes over (editors before viewers), and a workspace with nobody else in it is deleted with
   * what it holds, as a personal one is. Not for a personal workspace: it goes with its account (`user-deleted`).
   */
  removeDeletedAccount(userId: string, by: string, at: Date): void {
    const role = this.members.get(userId);
    if (!role || this.personal) return;
    const others = [...this.members].filter(([id]) => id !== userId);
    if (others.length === 0) return this.delete(by, at);
    if (role === 'owner' && !others.some(([, r]) => r === 'owner')) {
      // Map order is join order: a member who left and came back joined again.
      const successor = others.find(([, r]) => r === 'editor') ?? others[0];
      this.changeRole(successor[0], 'owner', by, at);
    }
    this.removeMember(userId, by, at);
  }

  invite(input: { invitationId: string; role: WorkspaceRole; tokenHash: string; expiresAt: Date; by: string; at: Date }): void {
    const { invitationId, role, tokenHash, by } = input;
    this.raise({
      type: WORKSPACE_INVITATION_CREATED,
      data: { workspaceId: this.id, invitationId, role, tokenHash, expiresAt: input.expiresAt.toISOString(), by, at: input.at.toISOString() },
    });
  }

  /** Single use: an expired, used or revoked invitation is the same 404 as one that never existed. */
  accept(invitationId: string, userId: string, at: Date): void {
    const inv = this.invitations.get(invitationId);
    if (!inv || !inv.open || inv.expiresAt <= at) throw WorkspaceErrors.invitationNotFound();
    if (this.members.has(userId)) throw WorkspaceErrors.alreadyMember();
    const iso = at.toISOString();
    this.raise({ type: WORKSPACE_INVITATION_ACCEPTED, data: { workspaceId: this.id, invitationId, userId, at: iso } });
    this.raise({ type: WORKSPACE_MEMBER_ADDED, data: { workspaceId: this.id, userId, role: inv.role, by: userId, at: iso } });
  }

  revoke(invitationId: string, by: string, at: Date): void {
    const inv = this.invitations.get(invitationId);
    if (!inv || !inv.open) throw WorkspaceErrors.invitationNotFound();
    this.raise({ type: WORKSPACE_INVITATION_REVOKED, data: { workspaceId: this.id, invitationId, by, at: at.toISOString() } });
  }

  private assertAnotherOwner(userId: string): void {
    if (![...this.members].some(([id, role]) => id !== userId && role === 'owner')) throw WorkspaceErrors.lastOwner();
  }

  protected when(event: WorkspaceEvent): void {
    switch (event.type) {
      case WORKSPACE_CREATED:
        this.id = event.data.workspaceId;
        this.name = event.data.name;
        this.personal = event.data.personal;
        break;
      case WORKSPACE_RENAMED:
        this.name = event.data.name;
        break;
      case WORKSPACE_DELETED:
        this.deleted = true;
        break;
      case WORKSPACE_MEMBER_ADDED:
      case WORKSPACE_ROLE_CHANGED:
        this.members.set(event.data.userId, event.data.role);
        break;
      case WORKSPACE_MEMBER_REMOVED:
        this.members.delete(event.data.userId);
        break;
      case WORKSPACE_INVITATION_CREATED:
        this.invitations.set(event.data.invitationId, { role: event.data.role, expiresAt: new Date(event.data.expiresAt), open: true });
        break;
      case WORKSPACE_INVITATION_ACCEPTED:
      case WORKSPACE_INVITATION_REVOKED: {
        const inv = this.invitations.get(event.data.invitationId);
        if (inv) inv.open = false;
        break;
      }
    }
  }
}
