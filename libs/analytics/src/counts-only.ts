import {
  AppError,
  type BreakdownDimension,
  type BreakdownDto,
  type LinkAnalyticsDto,
  type RecentIpActivityDto,
  type TrendPointDto,
} from '@app/contracts';
import type { PerformanceRowDto } from './performance-row.js';

// THE rule for a caller who may read analytics but not links (an `analytics:read` API key without `links:read`;
// docs/security.md#api-keys), for every analytics answer that names links: which link (id, short code, short URL) and
// its counts, with `name`/`linkName` and `originalUrl` null and the rest of the link's content (rule and variant
// destinations, expiry page, UTM, preview, tags, owner) left out. The api applies it when `ReadsLinks` is false.

/** The fields of a performance row that are counts and the link's public short address, not its content. */
const COUNTED = [
  'id',
  'shortCode',
  'shortUrl',
  'domain',
  'domainId',
  'clickCount',
  'clicksToday',
  'clicksInRange',
  'createdAt',
  'lastClick',
  'archived',
] as const;

/** A performance row under the rule above: the counted fields, `name` and `originalUrl` null. */
export type PerformanceCountsDto = Pick<PerformanceRowDto, (typeof COUNTED)[number]> & { name: null; originalUrl: null };

export function countsOnly(row: PerformanceRowDto): PerformanceCountsDto {
  const counts = Object.fromEntries(COUNTED.map((k) => [k, row[k]])) as Pick<PerformanceRowDto, (typeof COUNTED)[number]>;
  return { ...counts, name: null, originalUrl: null };
}

/** Trends: each link's clicks per day, `linkName` null (also in the compared period). */
export function trendsCountsOnly(points: TrendPointDto[]): TrendPointDto[] {
  const unnamed = (data: TrendPointDto['linkData']) => data.map((d) => ({ ...d, linkName: null }));
  return points.map((p) => ({
    ...p,
    linkData: unnamed(p.linkData),
    ...(p.previous ? { previous: { ...p.previous, linkData: unnamed(p.previous.linkData) } } : {}),
  }));
}

/** Breakdown dimensions whose values are link content (tags and UTM parameters): refused, nothing to count without them. */
const CONTENT_DIMENSIONS: readonly BreakdownDimension[] = ['tag', 'utmSource', 'utmMedium', 'utmCampaign'];

/** 403 before a breakdown by link content is read. */
export function assertCountedDimension(dimension: BreakdownDimension): void {
  if (CONTENT_DIMENSIONS.includes(dimension)) {
    throw new AppError(403, 'Tags and UTM parameters are link content: this API key needs the links:read scope.', 'LINKS_READ_REQUIRED');
  }
}

/** The link breakdown: each link labelled by its id (the value a `linkId` filter takes) instead of its name. */
export function breakdownCountsOnly(dto: BreakdownDto): BreakdownDto {
  return dto.dimension === 'link' ? { ...dto, items: dto.items.map((i) => ({ ...i, label: i.value })) } : dto;
}

/** Recent IP activity: each IP and link with `linkName` null. */
export function recentIpCountsOnly(dto: RecentIpActivityDto): RecentIpActivityDto {
  return { ...dto, data: dto.data.map((r) => ({ ...r, linkName: null })) };
}

/** One link's analytics: its id, short address and creation with `name` and `originalUrl` null, no UTM; variants without their URLs. */
export function linkAnalyticsCountsOnly(dto: LinkAnalyticsDto): LinkAnalyticsDto {
  const { id, createdAt, domain, shortCode, shortUrl, importedClicks } = dto.link;
  return {
    ...dto,
    link: { id, name: null, originalUrl: null, createdAt, domain, shortCode, shortUrl, ...(importedClicks != null ? { importedClicks } : {}) },
    variantSplit: dto.variantSplit.map((v) => ({ ...v, url: null })),
  };
}
