import { SetMetadata, applyDecorators, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiExtension, ApiSecurity } from '@nestjs/swagger';
import type { ApiKeyScope } from '@app/contracts';
import type { AuthUser } from './auth-user.js';

export const IS_PUBLIC = 'linkpulse:public';
export const ALLOW_UNAPPROVED = 'linkpulse:allow-unapproved';
export const ADMIN_ONLY = 'linkpulse:admin-only';
export const ALLOW_MUST_CHANGE_PASSWORD = 'linkpulse:allow-must-change-password';
export const API_KEY_SCOPE = 'linkpulse:api-key-scope';
/** OpenAPI security scheme name of `Authorization: Bearer lp_…`. */
export const API_KEY_SECURITY = 'apiKey';

/** No session needed (login, register, liveness). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
/** A session is needed but the account may still await approval (/api/auth/*). */
export const AllowUnapproved = () => SetMetadata(ALLOW_UNAPPROVED, true);
/** Reachable while an admin-reset password waits to be changed (the password change itself, "who am I"). */
export const AllowMustChangePassword = () => SetMetadata(ALLOW_MUST_CHANGE_PASSWORD, true);
/** Only administrators; others get 403. */
export const AdminOnly = () => SetMetadata(ADMIN_ONLY, true);

/**
 * The API-key scope that opens this route to `Authorization: Bearer lp_…` (docs/product.md#api-keys). Routes without one never
 * accept a key. Documented in OpenAPI as the `apiKey` security requirement and `x-required-scope`.
 */
export const RequireScope = (scope: ApiKeyScope) =>
  applyDecorators(SetMetadata(API_KEY_SCOPE, scope), ApiSecurity(API_KEY_SECURITY, [scope]), ApiExtension('x-required-scope', scope));

/** SHA-256 of the calling session's token (session-guarded routes; undefined with an API key). */
export const CurrentSessionHash = createParamDecorator((_data: unknown, ctx: ExecutionContext): string | undefined => {
  return ctx.switchToHttp().getRequest().sessionTokenHash;
});

/** The signed-in user (guarded routes only). */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthUser => {
  return ctx.switchToHttp().getRequest().user;
});
