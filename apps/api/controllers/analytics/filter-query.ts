import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import {
  AppError,
  BREAKDOWN_DIMENSIONS,
  CLICK_FILTER_NAMES,
  DIRECT_REFERRER,
  FILTER_DEVICES,
  UUID_PATTERN,
  type BreakdownDimension,
  type ClickFilters,
} from '@app/contracts';
import { OffsetQueryDto, RangeQueryDto, RecentIpQueryDto } from './analytics-query.dto.js';

type Ctor<T = object> = abstract new (...args: any[]) => T;
type FilterFields = Partial<Record<(typeof CLICK_FILTER_NAMES)[number], string>>;

const DESCRIPTIONS: Record<(typeof CLICK_FILTER_NAMES)[number], string> = {
  country: 'ISO 3166 alpha-2 country code, e.g. DE.',
  region: 'Region (subdivision) name as shown, e.g. Bavaria.',
  city: 'City name as shown, e.g. Munich.',
  device: 'desktop, mobile or tablet.',
  browser: 'Browser name as shown, e.g. Chrome.',
  os: 'Operating system as shown, e.g. iOS.',
  referrer: 'Referrer host (e.g. t.co), or direct.',
  language: "Primary tag of the visitor's Accept-Language, e.g. en.",
  qr: 'true: only QR scans; false: none.',
  tag: 'A tag of the link.',
  linkId: 'One link (UUID).',
  utmSource: "The link's utm_source.",
  utmMedium: "The link's utm_medium.",
  utmCampaign: "The link's utm_campaign.",
};

/** The filter query parameters (docs/architecture.md, "Analytics filters") on a query DTO. */
function withFilters<B extends Ctor>(Base: B) {
  abstract class Filtered extends Base {}
  for (const name of CLICK_FILTER_NAMES) {
    ApiPropertyOptional({ type: String, description: DESCRIPTIONS[name] })(Filtered.prototype, name);
    IsOptional()(Filtered.prototype, name);
    IsString()(Filtered.prototype, name);
  }
  return Filtered as unknown as B & Ctor<FilterFields>;
}

export class FilteredRangeQueryDto extends withFilters(RangeQueryDto) {}
/** Recent IP activity: its window and page, and the filters. */
export class FilteredRecentIpQueryDto extends withFilters(RecentIpQueryDto) {}

/** The Performance tab: the filtered range, and `limit` (1 to 100) / `page` (from 1) for one page; without limit, every link. */
export class PerformanceQueryDto extends FilteredRangeQueryDto {
  @ApiPropertyOptional({ description: 'Links per page, 1 to 100; absent: every link as an array.', example: 25 })
  @IsOptional()
  @IsString()
  limit?: string;

  @ApiPropertyOptional({ description: 'Page, from 1 (with limit).', example: 1 })
  @IsOptional()
  @IsString()
  page?: string;
}

export class ComparedRangeQueryDto extends FilteredRangeQueryDto {
  @ApiPropertyOptional({ description: 'previous: also the figures of the period of the same length just before.', example: 'previous' })
  @IsOptional()
  @IsString()
  compare?: string;
}

/** Link Analytics: the compared range, or `period=all` (from the link's creation day to today, no dates). */
export class LinkAnalyticsQueryDto extends ComparedRangeQueryDto {
  @ApiPropertyOptional({ description: "all: from the link's creation day to today (any length; no startDate, endDate or compare).", example: 'all' })
  @IsOptional()
  @IsString()
  period?: string;
}

export class ComparedZoneQueryDto extends withFilters(OffsetQueryDto) {
  @ApiPropertyOptional({ description: 'previous: also clicks yesterday and in the matching days of last week.', example: 'previous' })
  @IsOptional()
  @IsString()
  compare?: string;
}

export class BreakdownQueryDto extends FilteredRangeQueryDto {
  @ApiPropertyOptional({ description: `One of ${BREAKDOWN_DIMENSIONS.join(', ')}.`, example: 'country' })
  @IsOptional()
  @IsString()
  dimension?: string;
}

const MAX_VALUE = 200;

/** One filter's value, normalised, or a 400 naming the filter. */
function filterValue(name: (typeof CLICK_FILTER_NAMES)[number], raw: string): string {
  const value = raw.trim();
  const bad = (what: string) => new AppError(400, `${name} must be ${what}.`);
  if (value === '' || value.length > MAX_VALUE) throw bad(`1 to ${MAX_VALUE} characters`);
  switch (name) {
    case 'country':
      if (!/^[A-Za-z]{2}$/.test(value)) throw bad('a two-letter ISO 3166 country code');
      return value.toUpperCase();
    case 'device':
      if (!(FILTER_DEVICES as readonly string[]).includes(value.toLowerCase())) throw bad(FILTER_DEVICES.join(', ').replace(/, (\w+)$/, ' or $1'));
      return value.toLowerCase();
    case 'language':
      if (!/^[A-Za-z]{2,8}$/.test(value)) throw bad('a language tag such as en');
      return value.toLowerCase();
    case 'qr':
      if (value !== 'true' && value !== 'false') throw bad('true or false');
      return value;
    case 'linkId':
      if (!UUID_PATTERN.test(value)) throw bad('a link id (UUID)');
      return value.toLowerCase();
    case 'referrer':
      return value.toLowerCase() === DIRECT_REFERRER ? DIRECT_REFERRER : value.toLowerCase().replace(/^www\./, '');
    default:
      return value;
  }
}

/** The filters given in a validated query, normalised (400 naming the first bad one). */
export function parseFilters(q: FilterFields): ClickFilters {
  const filters: ClickFilters = {};
  for (const name of CLICK_FILTER_NAMES) if (q[name] !== undefined) filters[name] = filterValue(name, q[name]);
  return filters;
}

export function parseCompare(raw: string | undefined): boolean {
  if (raw === undefined || raw === '') return false;
  if (raw !== 'previous') throw new AppError(400, 'compare must be previous.');
  return true;
}

export function parseDimension(raw: string | undefined): BreakdownDimension {
  if (!(BREAKDOWN_DIMENSIONS as readonly string[]).includes(raw ?? ''))
    throw new AppError(400, `dimension must be one of ${BREAKDOWN_DIMENSIONS.join(', ')}.`);
  return raw as BreakdownDimension;
}
