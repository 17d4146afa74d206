import { SetMetadata, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AuthUser } from './auth-user.js';

export const IS_PUBLIC = 'linkpulse:public';
export const ALLOW_UNAPPROVED = 'linkpulse:allow-unapproved';
export const ADMIN_ONLY = 'linkpulse:admin-only';

/** No session needed (login, register, liveness). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
/** A session is needed but the account may still await approval (/api/auth/*). */
export const AllowUnapproved = () => SetMetadata(ALLOW_UNAPPROVED, true);
/** Only administrators; others get 403. */
export const AdminOnly = () => SetMetadata(ADMIN_ONLY, true);

/** The signed-in user (guarded routes only). */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthUser => {
  return ctx.switchToHttp().getRequest().user;
});
