import { SetMetadata, applyDecorators, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiExtension, ApiSecurity } from '@nestjs/swagger';
import type { ApiKeyScope } from '@app/contracts';
import type { AuthUser } from './auth-user.js';

export const IS_PUBLIC = 'linkpulse:public';
export const ALLOW_UNAPPROVED = 'linkpulse:allow-unapproved';
export const ADMIN_ONLY = 'linkpulse:admin-only';
export const API_KEY_SCOPE = 'linkpulse:api-key-scope';
/** OpenAPI security scheme name of `Authorization: Bearer lp_…`. */
export const API_KEY_SECURITY = 'apiKey';

/** No session needed (login, register, liveness). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
/** A session is needed but the account may still await approval (/api/auth/*). */
export const AllowUnapproved = () => SetMetadata(ALLOW_UNAPPROVED, true);
/** Only administrators; others get 403. */
export const AdminOnly = () => SetMetadata(ADMIN_ONLY, true);

/**
 * The API-key scope that opens this route to `Authorization: Bearer lp_…` (docs/product.md#api-keys). Routes without one never
 * accept a key. Documented in OpenAPI as the `apiKey` security requirement and `x-required-scope`.
 */
export const RequireScope = (scope: ApiKeyScope) =>
  applyDecorators(SetMetadata(API_KEY_SCOPE, scope), ApiSecurity(API_KEY_SECURITY, [scope]), ApiExtension('x-required-scope', scope));

/** The signed-in user (guarded routes only). */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthUser => {
  return ctx.switchToHttp().getRequest().user;
});
