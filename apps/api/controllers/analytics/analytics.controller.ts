import { Controller, Get, Inject, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig } from '@app/config';
import type { DailySummaryItemDto, GeographicDto, RecentIpActivityDto, StatsDto, TrendPointDto } from '@app/contracts';
import {
  GetDailySummaryQuery,
  GetGeographicQuery,
  GetPerformanceQuery,
  GetRecentIpActivityQuery,
  GetStatsQuery,
  GetTrendsQuery,
  scopeOf,
  type PerformanceRowDto,
} from '@app/analytics';
import { CurrentUser, type AuthUser } from '@app/identity';
import { parseTimezoneOffset, resolveRange } from '@app/time';
import { OffsetQueryDto, RangeQueryDto, RecentIpQueryDto } from './analytics-query.dto.js';
import { daysParam, intParam } from './query-params.js';

const DEFAULT_DAYS = 30;

/** Dashboard and Analytics page numbers for the caller's links (admins: everyone's), in the caller's time zone. */
@ApiTags('analytics')
@ApiBearerAuth()
@Controller('api/analytics')
export class AnalyticsController {
  constructor(
    private readonly queries: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('stats')
  @ApiOperation({ summary: 'Clicks today, this week (from Monday), in total, and the number of links.' })
  @ApiOkResponse({ description: 'StatsDto' })
  stats(@CurrentUser() user: AuthUser, @Query() q: OffsetQueryDto): Promise<StatsDto> {
    return this.queries.execute(new GetStatsQuery(scopeOf(user), parseTimezoneOffset(q.timezoneOffset)));
  }

  @Get('trends')
  @ApiOperation({ summary: 'One point per local day (default last 30 days) with the clicks of the top 5 links by clicks in the range.' })
  trends(@CurrentUser() user: AuthUser, @Query() q: RangeQueryDto): Promise<TrendPointDto[]> {
    const offset = parseTimezoneOffset(q.timezoneOffset);
    return this.queries.execute(new GetTrendsQuery(scopeOf(user), resolveRange(q, offset, DEFAULT_DAYS)));
  }

  @Get('daily-summary')
  @ApiOperation({ summary: 'Total clicks per local day, one entry per day including empty days, oldest first (default last 30 days).' })
  dailySummary(@CurrentUser() user: AuthUser, @Query() q: RangeQueryDto): Promise<DailySummaryItemDto[]> {
    const offset = parseTimezoneOffset(q.timezoneOffset);
    return this.queries.execute(new GetDailySummaryQuery(scopeOf(user), resolveRange(q, offset, DEFAULT_DAYS)));
  }

  @Get('performance')
  @ApiOperation({ summary: 'Every link with clicksInRange, clicksToday, clickCount and lastClick; most clicked in range first.' })
  performance(@CurrentUser() user: AuthUser, @Query() q: RangeQueryDto): Promise<PerformanceRowDto[]> {
    const offset = parseTimezoneOffset(q.timezoneOffset);
    return this.queries.execute(new GetPerformanceQuery(scopeOf(user), resolveRange(q, offset, DEFAULT_DAYS), this.config.shortBaseUrl));
  }

  @Get('geographic')
  @ApiOperation({ summary: 'Clicks in the range by country, city and region (known places), most first.' })
  geographic(@CurrentUser() user: AuthUser, @Query() q: RangeQueryDto): Promise<GeographicDto> {
    const offset = parseTimezoneOffset(q.timezoneOffset);
    return this.queries.execute(new GetGeographicQuery(scopeOf(user), resolveRange(q, offset, DEFAULT_DAYS)));
  }

  @Get('recent-ip-activity')
  @ApiOperation({ summary: 'One record per (IP, link) seen in the last 7, 14 or 30 days, newest first, 10 per page by default.' })
  recentIpActivity(@CurrentUser() user: AuthUser, @Query() q: RecentIpQueryDto): Promise<RecentIpActivityDto> {
    parseTimezoneOffset(q.timezoneOffset);
    return this.queries.execute(
      new GetRecentIpActivityQuery(scopeOf(user), daysParam(q.days), intParam(q.page, 'page', 1, 100_000, 1), intParam(q.limit, 'limit', 1, 100, 10)),
    );
  }
}
