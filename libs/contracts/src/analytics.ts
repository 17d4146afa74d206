/** SPEC §3 analytics shapes. `date` fields are YYYY-MM-DD in the caller's time zone. */
export interface StatsDto {
  clicksToday: number;
  clicksThisWeek: number;
  totalClicks: number;
  totalLinks: number;
}
export interface TrendPointDto {
  date: string;
  linkData: { linkId: string; linkName: string; clicks: number }[];
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
  link: { id: string; name: string; createdAt: string; originalUrl: string; domain: string | null; shortCode: string; shortUrl: string };
  clicks: ClickDto[];
  clicksByCountry: { country: string; countryCode: string; count: number }[];
  clicksByCity: { city: string; country: string; count: number }[];
  clicksOverTime: { date: string; timestamp: string; clicks: number }[];
  clicksByBrowser: CountValue[];
  clicksByOs: CountValue[];
  clicksByDevice: CountValue[];
  clicksByReferrer: CountValue[];
  totalClicks: number;
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
  linkName: string;
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
  ipsByCountry: { country: string; ipCount: number; clickCount: number }[];
  ipsByCity: { city: string; country: string; ipCount: number; clickCount: number }[];
  recentIPs: { ipAddress: string; city: string | null; country: string | null; totalClicks: number; firstSeen: string; lastSeen: string }[];
  dailyNewIPs: { date: string; newIPs: number }[];
}
