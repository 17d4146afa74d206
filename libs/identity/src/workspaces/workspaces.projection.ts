import type { EntityManager } from 'typeorm';
import type { Projection, StoredEvent } from '@app/event-store';
import type { WorkspaceChangeMessage } from '@app/realtime';
import { USER_DELETED } from '../model/user.events.js';
import {
  WORKSPACE_CREATED,
  WORKSPACE_DELETED,
  WORKSPACE_EVENT_TYPES,
  WORKSPACE_INVITATION_ACCEPTED,
  WORKSPACE_INVITATION_CREATED,
  WORKSPACE_INVITATION_REVOKED,
  WORKSPACE_MEMBER_ADDED,
  WORKSPACE_MEMBER_REMOVED,
  WORKSPACE_RENAMED,
  WORKSPACE_ROLE_CHANGED,
  type WorkspaceEvent,
} from './workspace.events.js';

/**
 * `workspaces`, `workspace_members` and `workspace_invitations` (open ones only: accepted and revoked rows go), in the
 * append transaction. A deleted workspace takes its members, invitations and API keys; a deleted user takes their
 * personal workspace (id = their id) and their memberships. What a workspace holds (links, domains, webhooks, …) is
 * removed by the projections that own those tables, on the same events.
 */
export class WorkspacesProjection implements Projection {
  readonly name = 'workspaces';
  readonly tables = ['workspaces', 'workspace_members', 'workspace_invitations'];

  /** `publish` tells the api's live gateway (every instance) after the commit; none where nobody listens. */
  constructor(private readonly publish: (m: WorkspaceChangeMessage) => Promise<void> = async () => {}) {}

  /** Members' sockets join, leave and refresh (docs/architecture.md "Workspaces": live updates reach members only). */
  async afterCommit(stored: StoredEvent): Promise<void> {
    const d = stored.data as { workspaceId?: string; userId?: string };
    if (stored.type === USER_DELETED) return this.publish({ workspaceId: d.userId!, type: stored.type, left: d.userId });
    const m: WorkspaceChangeMessage = { workspaceId: d.workspaceId!, type: stored.type };
    if (stored.type === WORKSPACE_MEMBER_ADDED) m.joined = d.userId;
    if (stored.type === WORKSPACE_MEMBER_REMOVED) m.left = d.userId;
    await this.publish(m);
  }

  handles(eventType: string): boolean {
    return eventType === USER_DELETED || WORKSPACE_EVENT_TYPES.includes(eventType);
  }

  async apply(m: EntityManager, stored: StoredEvent): Promise<void> {
    if (stored.type === USER_DELETED) return this.userDeleted(m, (stored.data as { userId: string }).userId);
    const event = { type: stored.type, data: stored.data } as WorkspaceEvent;
    const d = event.data;
    switch (event.type) {
      case WORKSPACE_CREATED:
        await m.query<unknown>('INSERT INTO workspaces (id, name, slug, is_personal, created_at) VALUES ($1, $2, $3, $4, $5)', [
          d.workspaceId,
          event.data.name,
          event.data.slug,
          event.data.personal,
          d.at,
        ]);
        break;
      case WORKSPACE_RENAMED:
        await m.query<unknown>('UPDATE workspaces SET name = $2, slug = $3 WHERE id = $1', [d.workspaceId, event.data.name, event.data.slug]);
        break;
      case WORKSPACE_DELETED:
        await this.deleteWorkspace(m, d.workspaceId);
        break;
      case WORKSPACE_MEMBER_ADDED:
        await m.query<unknown>(
          `INSERT INTO workspace_members (workspace_id, user_id, role, joined_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (workspace_id, user_id) DO UPDATE SET role = EXCLUDED.role`,
          [d.workspaceId, event.data.userId, event.data.role, d.at],
        );
        break;
      case WORKSPACE_ROLE_CHANGED:
        await m.query<unknown>('UPDATE workspace_members SET role = $3 WHERE workspace_id = $1 AND user_id = $2', [
          d.workspaceId,
          event.data.userId,
          event.data.role,
        ]);
        break;
      case WORKSPACE_MEMBER_REMOVED:
        await m.query<unknown>('DELETE FROM workspace_members WHERE workspace_id = $1 AND user_id = $2', [d.workspaceId, event.data.userId]);
        break;
      case WORKSPACE_INVITATION_CREATED:
        await m.query<unknown>(
          `INSERT INTO workspace_invitations (id, workspace_id, role, token_hash, expires_at, created_by, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [event.data.invitationId, d.workspaceId, event.data.role, event.data.tokenHash, event.data.expiresAt, event.data.by, d.at],
        );
        break;
      case WORKSPACE_INVITATION_ACCEPTED:
      case WORKSPACE_INVITATION_REVOKED:
        await m.query<unknown>('DELETE FROM workspace_invitations WHERE id = $1', [event.data.invitationId]);
        break;
    }
  }

  private async deleteWorkspace(m: EntityManager, workspaceId: string): Promise<void> {
    await m.query<unknown>('DELETE FROM workspace_invitations WHERE workspace_id = $1', [workspaceId]);
    await m.query<unknown>('DELETE FROM workspace_members WHERE workspace_id = $1', [workspaceId]);
    await m.query<unknown>('DELETE FROM api_keys WHERE workspace_id = $1', [workspaceId]);
    await m.query<unknown>('DELETE FROM workspaces WHERE id = $1', [workspaceId]);
  }

  private async userDeleted(m: EntityManager, userId: string): Promise<void> {
    await this.deleteWorkspace(m, userId);
    await m.query<unknown>('DELETE FROM workspace_members WHERE user_id = $1', [userId]);
  }
}
