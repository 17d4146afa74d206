/**
 * Messages on the invalidation channel (redisKeys().invalidationChannel): the links lib publishes them after a commit,
 * every redirector subscribes. `{host, code}`: that link changed or was deleted (drop it from the LRU);
 * `{domains: true}`: the set of active custom domains changed (reload the loop guard's own hosts).
 */
export type InvalidationMessage = { kind: 'link'; host: string; code: string } | { kind: 'domains' };

export const linkInvalidation = (host: string, code: string): string => JSON.stringify({ host, code });

export const DOMAINS_CHANGED_MESSAGE = JSON.stringify({ domains: true });

/** The message, or null when it is neither shape (or not JSON). */
export function parseInvalidation(message: string): InvalidationMessage | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { host, code, domains } = parsed as { host?: unknown; code?: unknown; domains?: unknown };
  if (domains === true) return { kind: 'domains' };
  if (typeof host === 'string' && typeof code === 'string') return { kind: 'link', host, code };
  return null;
}
