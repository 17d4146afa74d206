import { DEFAULT_HOST_KEY } from '@app/contracts';

export type Route = { kind: 'link'; hostKey: string; code: string } | { kind: 'health' } | { kind: 'not-found' };

const CODE = /^[A-Za-z0-9_-]{1,64}$/;
const NOT_FOUND: Route = { kind: 'not-found' };
const HEALTH: Route = { kind: 'health' };

/** Hostname of a Host header: lowercased, without port or trailing dot (`[::1]:8080` → `[::1]`). */
export function hostnameOf(hostHeader: string | undefined): string {
  if (!hostHeader) return '';
  let h = hostHeader.toLowerCase();
  const colon = h.lastIndexOf(':');
  if (colon !== -1 && h.indexOf(']', colon) === -1) h = h.slice(0, colon);
  if (h.endsWith('.')) h = h.slice(0, -1);
  return h;
}

/** Hosts that serve only `/s/{code}`: the short host of SHORT_BASE_URL and the local ones. */
export function ownHostsFor(shortBaseUrl: string): Set<string> {
  return new Set([new URL(shortBaseUrl).hostname.toLowerCase(), 'localhost', '127.0.0.1', '[::1]', '']);
}

/**
 * `/s/{code}` on any host → a default-host link. `/{code}[/...]` on a custom-domain host (not own, path not
 * /api, /src, /@, no dot) → that domain's link. `/healthz` anywhere. Everything else: not found.
 */
export function routeRequest(hostHeader: string | undefined, url: string, ownHosts: Set<string>): Route {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (path.startsWith('/s/')) {
    let code = path.slice(3);
    if (code.endsWith('/')) code = code.slice(0, -1);
    return CODE.test(code) ? { kind: 'link', hostKey: DEFAULT_HOST_KEY, code } : NOT_FOUND;
  }
  if (path === '/healthz') return HEALTH;
  const host = hostnameOf(hostHeader);
  if (ownHosts.has(host) || path === '/' || path.includes('.')) return NOT_FOUND;
  if (isReservedPath(path, '/api') || isReservedPath(path, '/src')) return NOT_FOUND;
  const slash = path.indexOf('/', 1);
  const code = slash === -1 ? path.slice(1) : path.slice(1, slash);
  return CODE.test(code) ? { kind: 'link', hostKey: host, code } : NOT_FOUND;
}

function isReservedPath(path: string, prefix: string): boolean {
  return path.startsWith(prefix) && (path.length === prefix.length || path[prefix.length] === '/');
}
