/**
 * Workspaces (docs/architecture.md "Workspaces"): a workspace holds links, custom domains, tags, API keys, webhooks,
 * imports and their analytics. The owner column of those tables (`links.owner_id`, `domains.owner_id`, the `owner_*`
 * rollups, `webhooks.owner_id`, `imports.owner_id`) holds the WORKSPACE id; a personal workspace's id equals its
 * user's id, so a user alone in it reads exactly what they read before workspaces.
 */
export const WORKSPACE_ROLES = ['owner', 'editor', 'viewer'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

const RANK: Record<WorkspaceRole, number> = { viewer: 1, editor: 2, owner: 3 };
/** true when `role` may do what `needed` may (owner ⊃ editor ⊃ viewer). */
export const roleAtLeast = (role: WorkspaceRole, needed: WorkspaceRole): boolean => RANK[role] >= RANK[needed];

/**
 * THE visibility rule, in one place: which owner column values a request may read or change. `workspaceId` is the
 * workspace the call acts in (checked for membership and role by identity's workspace access); `everyWorkspace` is
 * the instance admin's power (docs/product.md, Roles) to see every link when no `workspaceId` was asked for.
 */
export interface WorkspaceScope {
  workspaceId: string;
  everyWorkspace: boolean;
}

/** Whether a row whose owner column holds `ownerId` is inside the scope. */
export const inWorkspace = (scope: WorkspaceScope, ownerId: string): boolean => scope.everyWorkspace || scope.workspaceId === ownerId;

/**
 * The same rule as SQL: `column = $n` (the workspace), or `TRUE` for the admin's every-workspace view. `param` adds
 * the value to the statement's parameters and returns its placeholder.
 */
export const workspaceScopeSql = (scope: WorkspaceScope, param: (value: string) => string, column = 'owner_id'): string =>
  scope.everyWorkspace ? 'TRUE' : `${column} = ${param(scope.workspaceId)}`;

/** Who acts in a workspace: the scope plus the acting user, their role there and the API key used (if any). */
export interface WorkspaceAccess extends WorkspaceScope {
  userId: string;
  role: WorkspaceRole;
  apiKeyId: string | null;
  /** the API key's name, kept in the events' metadata so the activity names a key even once it is revoked */
  apiKeyName?: string | null;
  /** the instance admin (keeps the admin powers: every link with its owner when no workspace was asked for) */
  isAdmin: boolean;
}

export interface WorkspaceDto {
  id: string;
  name: string;
  slug: string;
  role: WorkspaceRole;
  isPersonal: boolean;
  createdAt: string;
}
export interface WorkspaceMemberDto {
  userId: string;
  username: string;
  role: WorkspaceRole;
  joinedAt: string;
}
export interface InvitationDto {
  id: string;
  role: WorkspaceRole;
  expiresAt: string;
  createdAt: string;
}
export interface CreatedInvitationDto extends InvitationDto {
  token: string;
  url: string;
}
export interface ActivityItemDto {
  at: string;
  /** `system`: LinkPulse itself (the worker's automatic domain check), with no id or name */
  actor: { type: 'user' | 'apiKey' | 'system'; id: string | null; name: string | null };
  action: string;
  target: { type: string; id: string; name: string | null };
}
export interface ActivityDto {
  data: ActivityItemDto[];
  total: number;
}
/** Workspace names: 1–64 characters after trimming. */
export const WORKSPACE_NAME_MAX = 64;
/** The query parameter every workspace-scoped call takes (default: the caller's personal workspace). */
export const WORKSPACE_PARAM = 'workspaceId';
/** socket.io room of a workspace's members (live clicks and import progress go there). */
export const workspaceRoom = (workspaceId: string): string => `workspace:${workspaceId}`;
/** socket.io event telling members that the workspace itself changed (members, name, deletion). */
export const LIVE_EVENT_WORKSPACE = 'workspace';
export interface LiveWorkspaceEvent {
  workspaceId: string;
  type: string;
}

/** Event metadata of a change made through an access: who, with which API key, in which workspace (the activity feed). */
export const workspaceMetadata = (
  access: Pick<WorkspaceAccess, 'userId' | 'apiKeyId' | 'apiKeyName'>,
  workspaceId: string,
  requestId?: string | null,
) => ({
  actorId: access.userId,
  apiKeyId: access.apiKeyId,
  ...(access.apiKeyId && access.apiKeyName ? { apiKeyName: access.apiKeyName } : {}),
  workspaceId,
  requestId: requestId ?? null,
});
