import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { APP_CONFIG, rateLimitFailOpen, type AppConfig } from '@app/config';
import { AppError, type ApiKeyScope, type WorkspaceRole } from '@app/contracts';
import { REDIS } from '@app/queue';
import { isApiKey, useApiKey } from '../api-keys/api-key-store.js';
import { hitApiKeyLimit } from '../api-keys/api-key-rate-limit.js';
import { ApiKeyErrors, IdentityErrors } from '../model/identity.errors.js';
import { ADMIN_ONLY, ALLOW_MUST_CHANGE_PASSWORD, ALLOW_UNAPPROVED, API_KEY_SCOPE, IS_PUBLIC } from './decorators.js';
import { bearerToken, hashSessionToken } from './session-token.js';
import type { AuthUser } from './auth-user.js';
import { rowToAuthUser, USER_COLUMNS_OF_U, type UserRow } from '../queries/user-read-store.js';
import {
  WORKSPACE_ROLE_NEEDED,
  requestedWorkspace,
  resolveWorkspaceAccess,
  sessionMemberRoleSql,
  wellFormedWorkspace,
  type WorkspaceRouteRule,
} from '../workspaces/workspace-access.js';

/** A session is renewed at most this often: its expiry then lags a full TTL by less than this. */
export const SESSION_SLIDE_STEP = '1 minute';

/**
 * Global guard: every route needs a live session unless @Public; unapproved users only reach @AllowUnapproved
 * routes (403 elsewhere); @AdminOnly routes need an admin (403); a user whose password an admin reset only reaches
 * @AllowMustChangePassword routes (403 elsewhere). Sessions slide: each use extends the expiry.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const request = context.switchToHttp().getRequest();
    const token = bearerToken(request.headers?.authorization);
    if (token && isApiKey(token)) return this.activateWithKey(context, token);
    const rule = this.workspaceRule(context);
    const named = rule ? wellFormedWorkspace(requestedWorkspace(request, rule)) : null;
    const found = token ? await this.lookUp(token, rule ? { named } : undefined) : null;
    const user = found?.user ?? null;
    if (user) {
      request.user = user;
      request.sessionTokenHash = hashSessionToken(token!);
    }
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    if (!user) throw new AppError(401, 'Please sign in: your session is missing or has expired.');
    if (user.mustChangePassword && !this.reflector.getAllAndOverride<boolean>(ALLOW_MUST_CHANGE_PASSWORD, targets)) {
      throw IdentityErrors.mustChangePassword();
    }
    if (!user.isApproved && !this.reflector.getAllAndOverride<boolean>(ALLOW_UNAPPROVED, targets)) {
      throw new AppError(403, 'Your account is waiting for admin approval.');
    }
    if (this.reflector.getAllAndOverride<boolean>(ADMIN_ONLY, targets) && !user.isAdmin) {
      throw new AppError(403, 'Only administrators can do this.');
    }
    const known = found && 'role' in found ? { workspaceId: named ?? user.id, role: found.role ?? null } : undefined;
    await this.resolveWorkspace(context, user, null, known);
    return true;
  }

  private workspaceRule(context: ExecutionContext): WorkspaceRouteRule | undefined {
    return this.reflector.getAllAndOverride<WorkspaceRouteRule | undefined>(WORKSPACE_ROLE_NEEDED, [context.getHandler(), context.getClass()]);
  }

  /** Routes marked @InWorkspace get the call's workspace access (the one rule: workspace-access.ts). */
  private async resolveWorkspace(
    context: ExecutionContext,
    user: AuthUser,
    key: { keyId: string; keyName?: string; workspaceId: string } | null,
    known?: { workspaceId: string; role: WorkspaceRole | null },
  ): Promise<void> {
    const rule = this.workspaceRule(context);
    if (!rule) return;
    const request = context.switchToHttp().getRequest();
    request.workspace = await resolveWorkspaceAccess(this.dataSource, user, rule, requestedWorkspace(request, rule), key, known);
  }

  /**
   * `Bearer lp_…` (docs/product.md#api-keys): a live key of an approved user, counted against its per-minute limit, on a route
   * whose scope it carries. The key acts as its owner without admin powers; admin routes and routes without a scope
   * (key management, webhooks, auth) never accept one.
   */
  private async activateWithKey(context: ExecutionContext, token: string): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const owner = await useApiKey(this.dataSource, token);
    if (!owner || !owner.user.isApproved) throw ApiKeyErrors.invalidKey();
    if (owner.user.mustChangePassword) throw IdentityErrors.mustChangePassword();
    const failOpen = rateLimitFailOpen(this.config.logLevel);
    const wait = await hitApiKeyLimit(this.redis, this.config.redisPrefix, owner.keyId, this.config.apiKeyRateLimit, failOpen);
    if (wait !== null) {
      context.switchToHttp().getResponse().setHeader('Retry-After', String(wait));
      throw ApiKeyErrors.rateLimited(wait);
    }
    const scope = this.reflector.getAllAndOverride<ApiKeyScope | undefined>(API_KEY_SCOPE, targets);
    if (!scope || this.reflector.getAllAndOverride<boolean>(ADMIN_ONLY, targets)) throw ApiKeyErrors.notForKeys();
    if (!owner.scopes.includes(scope)) throw ApiKeyErrors.missingScope(scope);
    const request = context.switchToHttp().getRequest();
    request.user = { ...owner.user, isAdmin: false } satisfies AuthUser;
    request.apiKeyId = owner.keyId;
    request.apiKeyScopes = owner.scopes;
    await this.resolveWorkspace(context, request.user, { keyId: owner.keyId, keyName: owner.keyName, workspaceId: owner.workspaceId });
    return true;
  }

  /**
   * Looks the session up and, when its expiry has fallen more than SESSION_SLIDE_STEP behind a full TTL, slides it
   * (and last_seen_at), in one statement. Between slides the statement writes nothing, so a dashboard call does not
   * wait for a commit's WAL flush (docs/architecture.md "Sessions"). With `workspace`, the same statement reads the
   * user's role in the named workspace (null: the personal one) for the route's workspace rule.
   */
  async resolve(token: string): Promise<AuthUser | null> {
    return (await this.lookUp(token))?.user ?? null;
  }

  private async lookUp(token: string, workspace?: { named: string | null }): Promise<{ user: AuthUser; role?: WorkspaceRole | null } | null> {
    const role = workspace ? `, ${sessionMemberRoleSql('$3')} AS workspace_role` : '';
    const rows = await this.dataSource.query<(UserRow & { workspace_role?: WorkspaceRole | null })[]>(
      `WITH slid AS (
         UPDATE sessions SET last_seen_at = now(), expires_at = now() + make_interval(days => $2)
          WHERE token_hash = $1 AND expires_at > now() AND expires_at < now() + make_interval(days => $2) - interval '${SESSION_SLIDE_STEP}'
       )
       SELECT ${USER_COLUMNS_OF_U}${role} FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1 AND s.expires_at > now()`,
      workspace ? [hashSessionToken(token), this.config.sessionTtlDays, workspace.named] : [hashSessionToken(token), this.config.sessionTtlDays],
    );
    const [r] = rows;
    if (!r) return null;
    return workspace ? { user: rowToAuthUser(r), role: r.workspace_role ?? null } : { user: rowToAuthUser(r) };
  }
}
