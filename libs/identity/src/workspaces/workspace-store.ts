import { ConcurrencyError, type EventMetadata, type EventStore } from '@app/event-store';
import { Workspace } from './workspace.aggregate.js';
import { WORKSPACE_STREAM, type WorkspaceEvent } from './workspace.events.js';
import { workspaceStreamId } from './workspace-stream.js';
import { WorkspaceErrors } from './workspaces.errors.js';
import type { DataSource, EntityManager } from 'typeorm';
import type { InvitationDto, WorkspaceDto, WorkspaceMemberDto, WorkspaceRole } from '@app/contracts';

/** A workspace's stream; 404 when it does not exist (or was deleted). */
export async function loadWorkspace(store: EventStore, workspaceId: string): Promise<Workspace> {
  const history = await store.load(workspaceStreamId(workspaceId));
  const ws = Workspace.fromEvents(history.map((e) => ({ type: e.type, data: e.data }) as WorkspaceEvent));
  if (!ws) throw WorkspaceErrors.notFound();
  return ws;
}

/** The append of a workspace's new events (for `appendMany` with another stream, e.g. a new account). */
export const workspaceAppend = (ws: Workspace, metadata: EventMetadata) => ({
  streamType: WORKSPACE_STREAM,
  streamId: workspaceStreamId(ws.id),
  expectedVersion: ws.version,
  events: ws.takePending(),
  metadata: { ...metadata, workspaceId: ws.id },
});

/** Appends the workspace's new events; a lost race is 409. */
export async function saveWorkspace(store: EventStore, ws: Workspace, metadata: EventMetadata): Promise<void> {
  const a = workspaceAppend(ws, metadata);
  try {
    await store.append(a.streamType, a.streamId, a.expectedVersion, a.events, a.metadata);
    ws.version += a.events.length;
  } catch (err) {
    if (err instanceof ConcurrencyError) throw WorkspaceErrors.changedMeanwhile();
    throw err;
  }
}

// The read model (`workspaces`, `workspace_members`, `workspace_invitations`).

type Db = DataSource | EntityManager;
interface WorkspaceRow {
  id: string;
  name: string;
  slug: string;
  is_personal: boolean;
  created_at: Date;
  role: WorkspaceRole;
}
const toWorkspace = (r: WorkspaceRow): WorkspaceDto => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  role: r.role,
  isPersonal: r.is_personal,
  createdAt: r.created_at.toISOString(),
});

/** The user's workspaces with their role in each: the personal one first, then by name. */
export async function selectWorkspaces(db: Db, userId: string, workspaceId?: string): Promise<WorkspaceDto[]> {
  const rows = await db.query<WorkspaceRow[]>(
    `SELECT w.id, w.name, w.slug, w.is_personal, w.created_at, m.role
       FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
      WHERE m.user_id = $1 AND ($2::uuid IS NULL OR w.id = $2::uuid)
      ORDER BY (w.id = $1) DESC, lower(w.name), w.id`,
    [userId, workspaceId ?? null],
  );
  return rows.map(toWorkspace);
}

export async function selectMembers(db: Db, workspaceId: string): Promise<WorkspaceMemberDto[]> {
  const rows = await db.query<{ user_id: string; username: string; role: WorkspaceRole; joined_at: Date }[]>(
    `SELECT m.user_id, u.username, m.role, m.joined_at FROM workspace_members m JOIN users u ON u.id = m.user_id
      WHERE m.workspace_id = $1 ORDER BY m.joined_at, u.username`,
    [workspaceId],
  );
  return rows.map((r) => ({ userId: r.user_id, username: r.username, role: r.role, joinedAt: r.joined_at.toISOString() }));
}

/** Open invitations (not expired; accepted and revoked ones are no longer rows). */
export async function selectInvitations(db: Db, workspaceId: string): Promise<InvitationDto[]> {
  const rows = await db.query<{ id: string; role: WorkspaceRole; expires_at: Date; created_at: Date }[]>(
    `SELECT id, role, expires_at, created_at FROM workspace_invitations WHERE workspace_id = $1 AND expires_at > now()
      ORDER BY created_at DESC, id`,
    [workspaceId],
  );
  return rows.map((r) => ({ id: r.id, role: r.role, expiresAt: r.expires_at.toISOString(), createdAt: r.created_at.toISOString() }));
}

/** The workspace and invitation a token opens (hash lookup), or null. */
export async function findInvitation(db: Db, tokenHash: string): Promise<{ id: string; workspaceId: string } | null> {
  const rows = await db.query<{ id: string; workspace_id: string }[]>('SELECT id, workspace_id FROM workspace_invitations WHERE token_hash = $1', [
    tokenHash,
  ]);
  return rows[0] ? { id: rows[0].id, workspaceId: rows[0].workspace_id } : null;
}

/** The user ids of a workspace's members (live updates go to them). */
export async function memberIds(db: Db, workspaceId: string): Promise<string[]> {
  const rows = await db.query<{ user_id: string }[]>('SELECT user_id FROM workspace_members WHERE workspace_id = $1', [workspaceId]);
  return rows.map((r) => r.user_id);
}

/** The workspaces a user is a member of (their socket joins each one's room). */
export async function workspaceIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.query<{ workspace_id: string }[]>('SELECT workspace_id FROM workspace_members WHERE user_id = $1', [userId]);
  return rows.map((r) => r.workspace_id);
}

/**
 * Names of owner column values for the admin's every-workspace view (links' OWNER_NAMES port): a personal workspace
 * shows its user's name (as before workspaces), a shared one its own name.
 */
export async function ownerNamesByIds(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ id: string; name: string }[]>(
    `SELECT w.id, CASE WHEN w.is_personal THEN u.username ELSE w.name END AS name
       FROM workspaces w LEFT JOIN users u ON u.id = w.id WHERE w.id = ANY($1::uuid[])`,
    [[...new Set(ids)]],
  );
  return new Map(rows.filter((r) => r.name !== null).map((r) => [r.id, r.name]));
}
