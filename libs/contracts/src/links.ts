/** SPEC §3 Link and Domain. */
export interface LinkDto {
  id: string;
  name: string;
  shortCode: string;
  originalUrl: string;
  /** Custom domain name, absent/null on the default host. */
  domain: string | null;
  domainId: string | null;
  shortUrl: string;
  clickCount: number;
  clicksToday: number;
  createdAt: string;
  lastClick: string | null;
  ownerUsername?: string;
  ogTitle: string | null;
  ogDescription: string | null;
  ogImage: string | null;
}
export interface CreateLinkRequest {
  name?: string;
  shortCode?: string;
  originalUrl: string;
  domainId?: string;
  ogTitle?: string;
  ogDescription?: string;
  ogImage?: string;
}
export interface UpdateLinkRequest {
  name: string;
  originalUrl: string;
}
export interface SslCertificateDto {
  exists: boolean;
  /** Label, e.g. "Self-signed, generated Nov 22, 2026"; null when none. */
  generated: string | null;
}
export interface DomainDto {
  id: string;
  domain: string;
  isActive: boolean;
  createdAt: string;
  sslCertificate: SslCertificateDto;
}
/** Reserved short codes: paths the product itself uses. */
export const RESERVED_SHORT_CODES = [
  'api', 's', 'src', 'assets', 'static', 'admin', 'login', 'logout', 'register', 'dashboard', 'links', 'shorten',
  'domains', 'analytics', 'health', 'metrics', 'live', 'socket.io', 'favicon.ico', 'robots.txt', 'recent-ip-activity',
  'system-management', 'docs',
] as const;
export const SHORT_CODE_PATTERN = /^[A-Za-z0-9_-]{3,64}$/;
/** SPEC §5 domain rule. */
export const DOMAIN_PATTERN = /^(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,}$/;
/** GET /api/links/by-code/{code} (public): what a custom-domain fallback needs to redirect. */
export interface LinkByCodeDto {
  originalUrl: string;
  shortCode: string;
  /** The custom domain the code was resolved on; null for the default host. */
  domain: string | null;
  ogTitle: string | null;
  ogDescription: string | null;
  ogImage: string | null;
}

/**
 * Short URL of a link: `${shortBaseUrl}/s/{code}` on the default host, `http://{domain}/{code}` on a custom domain.
 * http, not https, even with a generated certificate: it is self-signed and the redirector serves plain HTTP (SSL comes
 * from a proxy in front, SPEC's DNS options), so an https link would not open for anyone.
 */
export function shortUrlFor(shortBaseUrl: string, domain: string | null, code: string): string {
  return domain ? `http://${domain}/${code}` : `${shortBaseUrl}/s/${code}`;
}
