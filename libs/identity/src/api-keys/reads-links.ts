import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { ApiKeyScope } from '@app/contracts';

const LINKS_READ: ApiKeyScope = 'links:read';

/**
 * Whether the caller may read links' content (names, destinations): every signed-in user, and an API key only with
 * the `links:read` scope. An `analytics:read` key alone reads counts (docs/security.md#api-keys): the routes it opens
 * that list links give their counts without the links' content. The session guard sets `apiKeyScopes` for a key.
 */
export const ReadsLinks = createParamDecorator((_data: unknown, ctx: ExecutionContext): boolean => {
  const scopes: ApiKeyScope[] | undefined = ctx.switchToHttp().getRequest().apiKeyScopes;
  return scopes === undefined || scopes.includes(LINKS_READ);
});
