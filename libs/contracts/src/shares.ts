import type { BreakdownItemDto } from './analytics-filters.js';
import type { GeographicDto } from './analytics.js';

/**
 * Shared stats pages (docs/product.md "Shared stats"): a workspace's link or tag, readable without an account at
 * `/share/{token}` (optionally behind a password, until an optional expiry, until revoked).
 */
export interface CreateShareRequest {
  linkId?: string;
  tag?: string;
  password?: string | null;
  expiresAt?: string | null;
}

export interface ShareDto {
  id: string;
  /** Exactly one of linkId and tag is set. */
  linkId: string | null;
  /** The shared link's name (null for a tag share). */
  linkName: string | null;
  tag: string | null;
  hasPassword: boolean;
  expiresAt: string | null;
  createdAt: string;
}

/** The answer to a creation: the token and its page's address are shown only here (only the token's SHA-256 is kept). */
export interface CreatedShareDto extends ShareDto {
  token: string;
  url: string;
}

/** Share passwords: the same lengths as link passwords. */
export const SHARE_PASSWORD_MIN = 8;
export const SHARE_PASSWORD_MAX = 128;
/** The header that carries a password share's password on the public call. */
export const SHARE_PASSWORD_HEADER = 'X-Share-Password';
/** Breakdown rows a shared page lists per dimension (the top by clicks). */
export const SHARED_TOP = 50;

/**
 * `GET /api/public/shares/{token}/analytics`: the shared link's or tag's non-bot clicks over a local range. Never an
 * IP address, never another link: a link share names its own link, a tag share only its tag.
 */
export interface SharedAnalyticsDto {
  subject: { type: 'link'; name: string; shortUrl: string } | { type: 'tag'; tag: string };
  startDate: string;
  endDate: string;
  totalClicks: number;
  clicksOverTime: { date: string; clicks: number }[];
  countries: GeographicDto['countries'];
  cities: GeographicDto['cities'];
  devices: BreakdownItemDto[];
  browsers: BreakdownItemDto[];
  referrers: BreakdownItemDto[];
}
