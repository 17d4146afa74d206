import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { DailySummaryItemDto, GeographicDto, PerformancePageDto, RecentIpActivityDto, StatsDto, TrendPointDto } from '@app/contracts';
import {
  GetDailySummaryQuery,
  GetGeographicQuery,
  GetPerformancePageQuery,
  GetPerformanceQuery,
  GetRecentIpActivityQuery,
  GetStatsQuery,
  GetTrendsQuery,
  scopeOf,
  type PerformanceRowDto,
} from '@app/analytics';
import { CurrentUser, RequireScope, type AuthUser } from '@app/identity';
import type { LocalRange, Zone } from '@app/time';
import { LocalRangeQuery, LocalZone, PerformanceQuery, RecentIpQuery, type PerformanceWindow, type RecentIpWindow } from './local-range.js';

const DEFAULT_DAYS = 30;

/** Dashboard and Analytics page numbers for the caller's links (admins: everyone's), in the caller's time zone. */
@ApiTags('analytics')
@ApiBearerAuth()
@RequireScope('analytics:read')
@Controller('api/analytics')
export class AnalyticsController {
  constructor(private readonly queries: QueryBus) {}

  @Get('stats')
  @ApiOperation({ summary: 'Clicks today, this week (from Monday), in total, and the number of links.' })
  @ApiOkResponse({ description: 'StatsDto' })
  stats(@CurrentUser() user: AuthUser, @LocalZone() zone: Zone): Promise<StatsDto> {
    return this.queries.execute(new GetStatsQuery(scopeOf(user), zone));
  }

  @Get('trends')
  @ApiOperation({ summary: 'One point per local day (default last 30 days) with the clicks of the top 5 links by clicks in the range.' })
  trends(@CurrentUser() user: AuthUser, @LocalRangeQuery(DEFAULT_DAYS) range: LocalRange): Promise<TrendPointDto[]> {
    return this.queries.execute(new GetTrendsQuery(scopeOf(user), range));
  }

  @Get('daily-summary')
  @ApiOperation({ summary: 'Total clicks per local day, one entry per day including empty days, oldest first (default last 30 days).' })
  dailySummary(@CurrentUser() user: AuthUser, @LocalRangeQuery(DEFAULT_DAYS) range: LocalRange): Promise<DailySummaryItemDto[]> {
    return this.queries.execute(new GetDailySummaryQuery(scopeOf(user), range));
  }

  @Get('performance')
  @ApiOperation({
    summary:
      'Every link with clicksInRange, clicksToday, clickCount and lastClick; most clicked in range first. With `limit`: one page `{data, total, page, limit, summary}`, summary summing every link.',
  })
  performance(
    @CurrentUser() user: AuthUser,
    @PerformanceQuery(DEFAULT_DAYS) { range, page }: PerformanceWindow,
  ): Promise<PerformanceRowDto[] | PerformancePageDto<PerformanceRowDto>> {
    if (page) return this.queries.execute(new GetPerformancePageQuery(scopeOf(user), range, page.page, page.limit));
    return this.queries.execute(new GetPerformanceQuery(scopeOf(user), range));
  }

  @Get('geographic')
  @ApiOperation({ summary: 'Clicks in the range by country, city and region (known places), most first.' })
  geographic(@CurrentUser() user: AuthUser, @LocalRangeQuery(DEFAULT_DAYS) range: LocalRange): Promise<GeographicDto> {
    return this.queries.execute(new GetGeographicQuery(scopeOf(user), range));
  }

  @Get('recent-ip-activity')
  @ApiOperation({ summary: 'One record per (IP, link) seen in the last 7, 14 or 30 days, newest first, 10 per page by default.' })
  recentIpActivity(@CurrentUser() user: AuthUser, @RecentIpQuery() w: RecentIpWindow): Promise<RecentIpActivityDto> {
    return this.queries.execute(new GetRecentIpActivityQuery(scopeOf(user), w.days, w.page, w.limit));
  }
}
