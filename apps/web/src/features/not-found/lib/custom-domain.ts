/**
 * docs/product.md#custom-domain-redirect-and-link-not-found: when the app itself is reached on a custom-domain host, the first path segment
 * is a short code. The product's own hosts come from the build (VITE_APP_HOSTS, comma separated) plus the
 * development hosts below.
 */
import { RESERVED_SHORT_CODES } from '@app/contracts';

const DEV_HOST_SUFFIXES = ['.localhost', '.local', '.test', '.internal', '.example'];

function bareHost(host: string): string {
  const lower = host.trim().toLowerCase();
  if (lower.startsWith('[')) return lower.slice(0, lower.indexOf(']') + 1);
  return lower.replace(/:\d+$/, '');
}

function isIpAddress(host: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[') || host.includes(':');
}

/** A development host: localhost, an IP literal, or a reserved development suffix. */
export function isDevelopmentHost(host: string): boolean {
  const h = bareHost(host);
  return h === '' || h === 'localhost' || isIpAddress(h) || DEV_HOST_SUFFIXES.some((s) => h.endsWith(s));
}

/** True when `host` is neither one of the product's own hosts, a development host, nor localhost. */
export function isCustomDomainHost(host: string, ownHosts: readonly string[] = []): boolean {
  const h = bareHost(host);
  if (isDevelopmentHost(h)) return false;
  return !ownHosts.map(bareHost).filter(Boolean).includes(h);
}

/** The short code of a custom-domain path, or null when the path belongs to the app (root, /api, /src, /@, files, routes). */
export function shortCodeFromPath(path: string): string | null {
  const clean = path.split(/[?#]/)[0];
  if (clean === '' || clean === '/') return null;
  if (/^\/(api|src)(\/|$)/.test(clean) || clean.startsWith('/@')) return null;
  if (clean.includes('.')) return null;
  const first = clean.split('/').filter(Boolean)[0];
  if (!first) return null;
  let code: string;
  try {
    code = decodeURIComponent(first);
  } catch {
    return null;
  }
  // The app's own routes (/dashboard, /links, /admin/...) are reserved words, never short codes.
  return (RESERVED_SHORT_CODES as readonly string[]).includes(code.toLowerCase()) ? null : code;
}

/** The code to look up for this location, or null when the app should render normally. */
export function customDomainShortCode(location: { host: string; pathname: string }, ownHosts: readonly string[] = []): string | null {
  return isCustomDomainHost(location.host, ownHosts) ? shortCodeFromPath(location.pathname) : null;
}
