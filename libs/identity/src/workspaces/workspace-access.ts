import { SetMetadata, applyDecorators, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import type { DataSource, EntityManager } from 'typeorm';
import { UUID_PATTERN, WORKSPACE_PARAM, roleAtLeast, type WorkspaceAccess, type WorkspaceRole } from '@app/contracts';
import type { AuthUser } from '../auth/auth-user.js';
import { ApiKeyErrors } from '../model/identity.errors.js';
import { WorkspaceErrors } from './workspaces.errors.js';

/**
 * THE rule for who may see and change what (docs/architecture.md "Workspaces"): every workspace-scoped route names the
 * role it needs with `@InWorkspace(role)`; the session guard resolves the call's workspace (`?workspaceId=`, or the
 * path's `:id` on /api/workspaces/{id}/…, default the caller's personal workspace; an API key: its own workspace only)
 * and attaches a `WorkspaceAccess` the route reads with `@CurrentWorkspace()`. Not a member: 404. A role too low: 403
 * naming the role needed. Libs then filter with `inWorkspace` / `workspaceScopeSql` (@app/contracts) on that access.
 */
export const WORKSPACE_ROLE_NEEDED = 'linkpulse:workspace-role';
export interface WorkspaceRouteRule {
  needed: WorkspaceRole;
  /** Route parameter holding the workspace id (instead of the `workspaceId` query parameter). */
  param?: string;
  /** The instance admin, signed in and naming no workspace, sees every workspace (every link with its owner). */
  adminSeesAll?: boolean;
}

export const InWorkspace = (needed: WorkspaceRole, options: Omit<WorkspaceRouteRule, 'needed'> = {}) =>
  options.param
    ? SetMetadata(WORKSPACE_ROLE_NEEDED, { needed, ...options })
    : applyDecorators(
        SetMetadata(WORKSPACE_ROLE_NEEDED, { needed, ...options }),
        ApiQuery({ name: WORKSPACE_PARAM, required: false, description: 'Workspace id (default: your personal workspace).' }),
      );

/** The access the guard resolved (routes with @InWorkspace only). */
export const CurrentWorkspace = createParamDecorator((_data: unknown, ctx: ExecutionContext): WorkspaceAccess => {
  return ctx.switchToHttp().getRequest().workspace;
});

/** 403 naming the role when `access.role` is below `needed`. */
export function assertRole(access: Pick<WorkspaceAccess, 'role'>, needed: WorkspaceRole): void {
  if (!roleAtLeast(access.role, needed)) throw WorkspaceErrors.roleNeeded(needed);
}

/** The caller's role in a workspace, null when they are not a member (or it does not exist). */
export async function memberRole(db: DataSource | EntityManager, workspaceId: string, userId: string): Promise<WorkspaceRole | null> {
  const rows = await db.query<{ role: WorkspaceRole }[]>('SELECT role FROM workspace_members WHERE workspace_id = $1 AND user_id = $2', [
    workspaceId,
    userId,
  ]);
  return rows[0]?.role ?? null;
}

/**
 * The role a session's user holds in the workspace `named` (a `$n` parameter; NULL: their personal workspace, whose id
 * is the user's), as a column of the session guard's one statement over `sessions s` (null: not a member). The guard
 * hands it to resolveWorkspaceAccess, so a dashboard call makes one round trip to Postgres before its query, not two.
 */
export const sessionMemberRoleSql = (named: string): string =>
  `(SELECT m.role FROM workspace_members m WHERE m.workspace_id = coalesce(${named}::uuid, s.user_id) AND m.user_id = s.user_id)`;

/** The workspace named by a call (`?workspaceId=` or the rule's path parameter), raw: resolveWorkspaceAccess checks it. */
export function requestedWorkspace(
  request: { params?: Record<string, unknown>; query?: Record<string, unknown> },
  rule: WorkspaceRouteRule,
): unknown {
  return rule.param ? request.params?.[rule.param] : request.query?.[WORKSPACE_PARAM];
}

/** The requested workspace as the session guard's statement takes it: a well-formed id, else null (then looked up apart). */
export const wellFormedWorkspace = (requested: unknown): string | null =>
  typeof requested === 'string' && UUID_PATTERN.test(requested) ? requested : null;

/**
 * Resolves and checks the workspace of one call. `requested` is the raw query/path value; `key` is the API key the
 * call came with (it acts only in its own workspace: naming another is the same 404 as a non-member's).
 */
export async function resolveWorkspaceAccess(
  db: DataSource | EntityManager,
  user: AuthUser,
  rule: WorkspaceRouteRule,
  requested: unknown,
  key: { keyId: string; keyName?: string; workspaceId: string } | null,
  /** The role the session guard already read for `workspaceId` (sessionMemberRoleSql); looked up here otherwise. */
  known?: { workspaceId: string; role: WorkspaceRole | null },
): Promise<WorkspaceAccess> {
  if (requested !== undefined && typeof requested !== 'string') throw WorkspaceErrors.badWorkspaceId();
  const named = requested || undefined;
  if (named !== undefined && !UUID_PATTERN.test(named)) throw rule.param ? WorkspaceErrors.notFound() : WorkspaceErrors.badWorkspaceId();
  if (key && named !== undefined && named.toLowerCase() !== key.workspaceId) throw WorkspaceErrors.notFound();
  const workspaceId = (key?.workspaceId ?? named ?? user.id).toLowerCase();
  const role = known && known.workspaceId.toLowerCase() === workspaceId ? known.role : await memberRole(db, workspaceId, user.id);
  // A key whose maker has left its workspace no longer works at all (as a key of a deleted user).
  if (!role) throw key ? ApiKeyErrors.invalidKey() : WorkspaceErrors.notFound();
  assertRole({ role }, rule.needed);
  const everyWorkspace = Boolean(rule.adminSeesAll && user.isAdmin && !key && named === undefined);
  return {
    workspaceId,
    everyWorkspace,
    userId: user.id,
    role,
    apiKeyId: key?.keyId ?? null,
    apiKeyName: key?.keyName ?? null,
    isAdmin: user.isAdmin && !key,
  };
}
