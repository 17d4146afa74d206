/** Analytics shapes (docs/product.md#shapes). `date` fields are YYYY-MM-DD in the caller's time zone. */
import type { LinkUtm } from './links.js';

/** The longest startDate..endDate range (inclusive days) the analytics and export calls accept; longer is a 400. */
export const MAX_RANGE_DAYS = 366;

export interface StatsDto {
  clicksToday: number;
  clicksThisWeek: number;
  totalClicks: number;
  totalLinks: number;
  /**
   * With `compare=previous`: clicks yesterday, and in the days of last week matching this week's so far (Monday to
   * the same weekday). All-time totals have no period before them.
   */
  previous?: { clicksToday: number; clicksThisWeek: number };
}
/** `linkName` (and a link's `name`, `originalUrl`, a variant's `url` below): null for an API key without `links:read`. */
export interface TrendPointDto {
  date: string;
  linkData: { linkId: string; linkName: string | null; clicks: number }[];
  /** With `compare=previous`: the same links on the matching day of the period just before. */
  previous?: { date: string; linkData: { linkId: string; linkName: string | null; clicks: number }[] };
}
export interface DailySummaryItemDto {
  date: string;
  formattedDate: string;
  totalClicks: number;
}
export interface ClickDto {
  id: string;
  country: string | null;
  countryCode: string | null;
  city: string | null;
  region: string | null;
  ipAddress: string;
  clickedAt: string;
  userAgent: string;
  browser: string | null;
  os: string | null;
  device: string | null;
  referrer: string | null;
}
export interface CountValue {
  name: string;
  count: number;
}
export interface LinkAnalyticsDto {
  link: {
    id: string;
    name: string | null;
    createdAt: string;
    originalUrl: string | null;
    domain: string | null;
    shortCode: string;
    shortUrl: string;
    /** Clicks the link had in the product it was imported from; never in the figures here (optional: absent = none). */
    importedClicks?: number | null;
    /** The link's UTM parameters (what the utmSource / utmMedium / utmCampaign filters match); absent or null: none. */
    utm?: LinkUtm | null;
  };
  clicks: ClickDto[];
  clicksByCountry: { country: string; countryCode: string; count: number }[];
  clicksByCity: { city: string; country: string; count: number }[];
  clicksOverTime: { date: string; timestamp: string; clicks: number }[];
  clicksByBrowser: CountValue[];
  clicksByOs: CountValue[];
  clicksByDevice: CountValue[];
  clicksByReferrer: CountValue[];
  /** By the primary tag of the visitor's Accept-Language (`en`); `Unknown` for clicks that sent none. */
  clicksByLanguage: CountValue[];
  totalClicks: number;
  /** Bot clicks in the range: stored (flagged) but left out of every other figure here. */
  botClicks: number;
  /** Clicks in the range that came from the QR code (`?qr=1`, referrer `qr`). */
  qrScans: number;
  /** A/B split for the range: one entry per current variant (index into `variants`), empty without variants. */
  variantSplit: VariantSplitDto[];
  /** The local days the figures cover (with `period=all`: from the link's creation day to today). */
  range: { startDate: string; endDate: string };
  /** With `compare=previous`: the period of the same length just before (never with `period=all`). */
  previous?: { startDate: string; endDate: string; totalClicks: number; clicksOverTime: { date: string; timestamp: string; clicks: number }[] };
}
/** `clicksByCountry` above lists every country of the range (ISO alpha-2 `countryCode`): the world map's data. */
export interface VariantSplitDto {
  variant: number;
  url: string | null;
  weight: number;
  clicks: number;
}
export interface GeographicDto {
  countries: { country: string; countryCode: string; clicks: number }[];
  cities: { city: string; country: string; clicks: number }[];
  regions: { region: string; country: string; clicks: number }[];
}
export interface RecentIpActivityRecord {
  ipAddress: string;
  clickCount: number;
  city: string | null;
  region: string | null;
  country: string | null;
  linkId: string;
  linkName: string | null;
  referrer: string | null;
  lastSeen: string;
}
export interface RecentIpActivityDto {
  data: RecentIpActivityRecord[];
  total: number;
  totalPages: number;
  page: number;
  limit: number;
}
export interface IpSummaryDto {
  totalUniqueIPs: number;
  /** True counts (the lists below are capped at 100 rows). */
  totalCountries: number;
  totalCities: number;
  /** Addresses seen in the last 7 days. */
  totalRecentIPs: number;
  ipsByCountry: { country: string; ipCount: number; clickCount: number }[];
  ipsByCity: { city: string; country: string; ipCount: number; clickCount: number }[];
  recentIPs: { ipAddress: string; city: string | null; country: string | null; totalClicks: number; firstSeen: string; lastSeen: string }[];
  dailyNewIPs: { date: string; newIPs: number }[];
}
