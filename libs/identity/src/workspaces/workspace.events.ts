import type { DomainEvent } from '@app/event-store';
import type { WorkspaceRole } from '@app/contracts';

/** Stream type of every workspace's events; the stream id is `workspaceStreamId(workspaceId)` (workspace-stream.ts). */
export const WORKSPACE_STREAM = 'Workspace';

/** Stored event type strings: permanent (never rename). `by` is the acting user's id; dates are ISO strings. */
export const WORKSPACE_CREATED = 'workspace-created';
export const WORKSPACE_RENAMED = 'workspace-renamed';
export const WORKSPACE_DELETED = 'workspace-deleted';
export const WORKSPACE_MEMBER_ADDED = 'workspace-member-added';
export const WORKSPACE_ROLE_CHANGED = 'workspace-role-changed';
export const WORKSPACE_MEMBER_REMOVED = 'workspace-member-removed';
export const WORKSPACE_INVITATION_CREATED = 'workspace-invitation-created';
export const WORKSPACE_INVITATION_ACCEPTED = 'workspace-invitation-accepted';
export const WORKSPACE_INVITATION_REVOKED = 'workspace-invitation-revoked';

type Ws<T extends string, D> = DomainEvent<T, D & { workspaceId: string; at: string }>;
/** `personal`: the account's own workspace, id = the user's id, made with the account and never deleted by itself. */
export type WorkspaceCreated = Ws<typeof WORKSPACE_CREATED, { name: string; slug: string; personal: boolean; by: string }>;
export type WorkspaceRenamed = Ws<typeof WORKSPACE_RENAMED, { name: string; slug: string; by: string }>;
export type WorkspaceDeleted = Ws<typeof WORKSPACE_DELETED, { by: string }>;
export type WorkspaceMemberAdded = Ws<typeof WORKSPACE_MEMBER_ADDED, { userId: string; role: WorkspaceRole; by: string }>;
export type WorkspaceRoleChanged = Ws<typeof WORKSPACE_ROLE_CHANGED, { userId: string; role: WorkspaceRole; by: string }>;
export type WorkspaceMemberRemoved = Ws<typeof WORKSPACE_MEMBER_REMOVED, { userId: string; by: string }>;
/** Only the token's SHA-256 is stored (decision 0005: no secret in an event); the token is shown once. */
export type WorkspaceInvitationCreated = Ws<
  typeof WORKSPACE_INVITATION_CREATED,
  { invitationId: string; role: WorkspaceRole; tokenHash: string; expiresAt: string; by: string }
>;
export type WorkspaceInvitationAccepted = Ws<typeof WORKSPACE_INVITATION_ACCEPTED, { invitationId: string; userId: string }>;
export type WorkspaceInvitationRevoked = Ws<typeof WORKSPACE_INVITATION_REVOKED, { invitationId: string; by: string }>;

export type WorkspaceEvent =
  | WorkspaceCreated
  | WorkspaceRenamed
  | WorkspaceDeleted
  | WorkspaceMemberAdded
  | WorkspaceRoleChanged
  | WorkspaceMemberRemoved
  | WorkspaceInvitationCreated
  | WorkspaceInvitationAccepted
  | WorkspaceInvitationRevoked;

export const WORKSPACE_EVENT_TYPES: readonly string[] = [
  WORKSPACE_CREATED,
  WORKSPACE_RENAMED,
  WORKSPACE_DELETED,
  WORKSPACE_MEMBER_ADDED,
  WORKSPACE_ROLE_CHANGED,
  WORKSPACE_MEMBER_REMOVED,
  WORKSPACE_INVITATION_CREATED,
  WORKSPACE_INVITATION_ACCEPTED,
  WORKSPACE_INVITATION_REVOKED,
];
