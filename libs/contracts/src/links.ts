/** Link and Domain (docs/product.md#shapes). */
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
  /** Link controls (docs/product.md#link-controls) (every link response carries them; the password never, only `hasPassword`). */
  expiresAt: string | null;
  expiredUrl: string | null;
  maxClicks: number | null;
  hasPassword: boolean;
  redirectType: RedirectType;
  rules: LinkRule[];
  variants: LinkVariant[] | null;
  utm: LinkUtm | null;
  tags: string[];
  /** Archived links keep redirecting and counting; lists hide them unless asked (`archived=true|all`). */
  archived: boolean;
  /** The click total the link had in the product it was imported from (never counted in exact analytics); null if none. */
  importedClicks: number | null;
}

/** docs/product.md#link-controls: the status of the redirect (default 302). */
export const REDIRECT_TYPES = [301, 302, 307, 308] as const;
export type RedirectType = (typeof REDIRECT_TYPES)[number];
export const DEFAULT_REDIRECT_TYPE: RedirectType = 302;

export const LINK_RULE_TYPES = ['country', 'device', 'os', 'language'] as const;
export type LinkRuleType = (typeof LINK_RULE_TYPES)[number];
/** Allowed `values` of a device rule and of an os rule (country: ISO 3166 alpha-2, language: primary tag). */
export const RULE_DEVICES = ['desktop', 'mobile', 'tablet'] as const;
export const RULE_OSES = ['iOS', 'Android', 'Windows', 'macOS', 'Linux'] as const;
/** First rule that matches the visitor wins; otherwise `originalUrl`. */
export interface LinkRule {
  type: LinkRuleType;
  values: string[];
  url: string;
}
/** A/B split: 2–4 variants, weights 1–100 summing to 100; the visitor keeps one (cookie `lp_v_{code}`, 30 days). */
export interface LinkVariant {
  url: string;
  weight: number;
}
export const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
/** Added to the destination's query string as `utm_{key}` (replacing the same keys there); each ≤ 100 chars. */
export type LinkUtm = Partial<Record<UtmKey, string>>;

export const LINK_LIMITS = {
  nameMax: 200,
  passwordMin: 8,
  passwordMax: 128,
  rulesMax: 20,
  variantsMin: 2,
  variantsMax: 4,
  utmValueMax: 100,
  tagsMax: 10,
  tagMin: 1,
  tagMax: 32,
  qrSizeMin: 128,
  qrSizeMax: 2048,
  qrSizeDefault: 512,
} as const;

/** The link-control fields of create (all optional) and update (absent = unchanged, null = removed). */
export interface LinkControlsRequest {
  expiresAt?: string | null;
  expiredUrl?: string | null;
  maxClicks?: number | null;
  /** Write only: 8–128 chars; null removes the password. */
  password?: string | null;
  redirectType?: RedirectType | null;
  rules?: LinkRule[] | null;
  variants?: LinkVariant[] | null;
  utm?: LinkUtm | null;
  tags?: string[] | null;
}
export interface CreateLinkRequest extends LinkControlsRequest {
  name?: string;
  shortCode?: string;
  originalUrl: string;
  domainId?: string;
  ogTitle?: string;
  ogDescription?: string;
  ogImage?: string;
}
export interface UpdateLinkRequest extends LinkControlsRequest {
  name: string;
  originalUrl: string;
  /** Absent: unchanged. */
  archived?: boolean;
}
/** GET /api/tags: the caller's tags with how many of their links carry each, by name. */
export interface TagDto {
  tag: string;
  linkCount: number;
}
export type TagsResponse = TagDto[];
/** GET /api/links/{id}/qr?format=svg|png&size=128..2048 */
export const QR_FORMATS = ['svg', 'png'] as const;
export type QrFormat = (typeof QR_FORMATS)[number];
/** The URL a QR code encodes: the short URL with `?qr=1`; such visits are recorded with referrer `qr`. */
export function qrUrlFor(shortUrl: string): string {
  return `${shortUrl}?qr=1`;
}
export const QR_REFERRER = 'qr';
/** The sticky A/B cookie of a short code. */
export function variantCookieName(code: string): string {
  return `lp_v_${code}`;
}
export interface SslCertificateDto {
  exists: boolean;
  /** Label, e.g. "Self-signed, generated Nov 22, 2026"; null when none. */
  generated: string | null;
}
/** docs/product.md#domain-ownership: how a domain proves ownership. */
export type DomainVerificationStatus = 'pending' | 'verified' | 'expired';
export interface DomainVerificationRecord {
  type: 'TXT';
  /** `_linkpulse-challenge.{domain}` */
  name: string;
  /** `lp-verify={token}` */
  value: string;
}
export interface DomainVerificationDto {
  status: DomainVerificationStatus;
  /** null only for domains added before verification existed (they stay verified). */
  record: DomainVerificationRecord | null;
  checkedAt: string | null;
  /** When a pending domain expires (7 days after it was added or renamed); null once verified. */
  expiresAt: string | null;
  /** What the last check found, when it did not match. */
  error: string | null;
}
export interface DomainDto {
  id: string;
  domain: string;
  /** True exactly when verified: only then it serves, takes links and blocks links to itself. */
  isActive: boolean;
  createdAt: string;
  sslCertificate: SslCertificateDto;
  verification: DomainVerificationDto;
}
export const DOMAIN_CHALLENGE_PREFIX = '_linkpulse-challenge.';
export const DOMAIN_CHALLENGE_VALUE_PREFIX = 'lp-verify=';
export const challengeRecordFor = (domain: string, token: string): DomainVerificationRecord => ({
  type: 'TXT',
  name: `${DOMAIN_CHALLENGE_PREFIX}${domain}`,
  value: `${DOMAIN_CHALLENGE_VALUE_PREFIX}${token}`,
});
/** Reserved short codes: paths the product itself uses (the web app's and everything the redirector answers itself). */
export const RESERVED_SHORT_CODES = [
  'api',
  's',
  'src',
  'assets',
  'static',
  'admin',
  'login',
  'logout',
  'register',
  'dashboard',
  'links',
  'shorten',
  'domains',
  'analytics',
  'health',
  'metrics',
  'live',
  'socket.io',
  'favicon.ico',
  'robots.txt',
  'recent-ip-activity',
  'system-management',
  'docs',
  'healthz',
  'readyz',
  'livez',
  'integrations',
] as const;
/**
 * Custom short codes: 1–64 letters, digits, `-` and `_` (what the redirector routes, and what YOURLS, Bitly, Kutt,
 * Shlink and Dub codes are made of; docs/architecture.md "Short codes").
 */
export const SHORT_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** The domain rule (docs/product.md#validation). */
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
 * from a proxy in front, the DNS options of docs/product.md#custom-domains), so an https link would not open for anyone.
 */
export function shortUrlFor(shortBaseUrl: string, domain: string | null, code: string): string {
  return domain ? `http://${domain}/${code}` : `${shortBaseUrl}/s/${code}`;
}

/** The §1 fields of a link response from the read model's `controls` JSON, `password_id IS NOT NULL` and `tags`. */
export type LinkControlsDto = Pick<
  LinkDto,
  'expiresAt' | 'expiredUrl' | 'maxClicks' | 'hasPassword' | 'redirectType' | 'rules' | 'variants' | 'utm' | 'tags'
>;
export function linkControlsDto(controls: Partial<LinkControlsDto> | null, hasPassword: boolean, tags: string[] | null): LinkControlsDto {
  const c = controls ?? {};
  return {
    expiresAt: c.expiresAt ?? null,
    expiredUrl: c.expiredUrl ?? null,
    maxClicks: c.maxClicks ?? null,
    hasPassword,
    redirectType: c.redirectType ?? DEFAULT_REDIRECT_TYPE,
    rules: c.rules ?? [],
    variants: c.variants ?? null,
    utm: c.utm ?? null,
    tags: tags ?? [],
  };
}
