import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { AppError } from '@app/contracts';
import { ADMIN_ONLY, ALLOW_UNAPPROVED, IS_PUBLIC } from './decorators.js';
import { bearerToken, hashSessionToken } from './session-token.js';
import type { AuthUser } from './auth-user.js';

/**
 * Global guard: every route needs a live session unless @Public; unapproved users only reach @AllowUnapproved
 * routes (403 elsewhere); @AdminOnly routes need an admin (403). Sessions slide: each use extends the expiry.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const request = context.switchToHttp().getRequest();
    const token = bearerToken(request.headers?.authorization);
    const user = token ? await this.resolve(token) : null;
    if (user) request.user = user;
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    if (!user) throw new AppError(401, 'Please sign in: your session is missing or has expired.');
    if (!user.isApproved && !this.reflector.getAllAndOverride<boolean>(ALLOW_UNAPPROVED, targets)) {
      throw new AppError(403, 'Your account is waiting for admin approval.');
    }
    if (this.reflector.getAllAndOverride<boolean>(ADMIN_ONLY, targets) && !user.isAdmin) {
      throw new AppError(403, 'Only administrators can do this.');
    }
    return true;
  }

  /** Looks the session up and slides its expiry, in one statement. */
  async resolve(token: string): Promise<AuthUser | null> {
    const rows = await this.dataSource.query(
      `UPDATE sessions s SET last_seen_at = now(), expires_at = now() + make_interval(days => $2)
         FROM users u
        WHERE s.token_hash = $1 AND s.expires_at > now() AND u.id = s.user_id
      RETURNING u.id, u.username, u.is_admin, u.is_approved, u.created_at, u.approved_at`,
      [hashSessionToken(token), this.config.sessionTtlDays],
    );
    const r = rows[0]?.[0] ?? rows[0];
    if (!r || !r.id) return null;
    return {
      id: r.id,
      username: r.username,
      isAdmin: r.is_admin,
      isApproved: r.is_approved,
      createdAt: r.created_at,
      approvedAt: r.approved_at,
    };
  }
}
