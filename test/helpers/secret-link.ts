import { approvedUser } from './auth.js';
import type { TestApi } from './test-api.js';

/** A link whose name and destinations an `analytics:read` key must never read (docs/security.md#api-keys). */
export const SECRET_NAME = 'Secret launch plan';
export const SECRET_DESTINATION = 'https://internal.example.com/q3-launch?token=abc';
/** Every text of the secret link that names it or a destination. */
export const SECRET_CONTENT = [SECRET_NAME, SECRET_DESTINATION, 'internal.example.com', 'variant.example.com', 'expired.example.com'];

export interface SecretLinkOwner {
  session: string;
  linkId: string;
  /** A key with `analytics:read` only. */
  analyticsKey: string;
  /** A key with `analytics:read` and `links:read`. */
  bothKey: string;
}

/**
 * Signs `username` up, creates the secret link (with variants and an expiry page; `extra` adds fields such as tags or
 * UTM) and two API keys of the owner: one with `analytics:read` only, one with `links:read` too.
 */
export async function secretLinkOwner(api: TestApi, username: string, extra: Record<string, unknown>): Promise<SecretLinkOwner> {
  const session = (await approvedUser(api, username)).sessionId;
  const link = await api.call('POST', '/api/links', {
    session,
    body: {
      originalUrl: SECRET_DESTINATION,
      name: SECRET_NAME,
      expiredUrl: 'https://expired.example.com/',
      variants: [
        { url: 'https://variant.example.com/a', weight: 50 },
        { url: 'https://variant.example.com/b', weight: 50 },
      ],
      ...extra,
    },
  });
  if (link.status !== 201) throw new Error(`the secret link was not created: ${link.status} ${JSON.stringify(link.body)}`);
  const key = async (scopes: string[]) => (await api.call('POST', '/api/api-keys', { session, body: { name: scopes.join('+'), scopes } })).body.key;
  return { session, linkId: link.body.id, analyticsKey: await key(['analytics:read']), bothKey: await key(['analytics:read', 'links:read']) };
}
