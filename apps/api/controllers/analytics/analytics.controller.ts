import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { DailySummaryItemDto, GeographicDto, RecentIpActivityDto, StatsDto, TrendPointDto, WorkspaceAccess } from '@app/contracts';
import {
  GetDailySummaryQuery,
  GetGeographicQuery,
  GetPerformanceQuery,
  GetRecentIpActivityQuery,
  GetStatsQuery,
  GetTrendsQuery,
  type PerformanceRowDto,
} from '@app/analytics';
import { CurrentWorkspace, InWorkspace, RequireScope } from '@app/identity';
import type { LocalRange, Zone } from '@app/time';
import { LocalRangeQuery, LocalZone, RecentIpQuery, type RecentIpWindow } from './local-range.js';

const DEFAULT_DAYS = 30;

/** Dashboard and Analytics page numbers for the workspace's links (the admin naming no workspace: everyone's), in the caller's time zone. */
@ApiTags('analytics')
@ApiBearerAuth()
@RequireScope('analytics:read')
@InWorkspace('viewer', { adminSeesAll: true })
@Controller('api/analytics')
export class AnalyticsController {
  constructor(private readonly queries: QueryBus) {}

  @Get('stats')
  @ApiOperation({ summary: 'Clicks today, this week (from Monday), in total, and the number of links.' })
  @ApiOkResponse({ description: 'StatsDto' })
  stats(@CurrentWorkspace() ws: WorkspaceAccess, @LocalZone() zone: Zone): Promise<StatsDto> {
    return this.queries.execute(new GetStatsQuery(ws, zone));
  }

  @Get('trends')
  @ApiOperation({ summary: 'One point per local day (default last 30 days) with the clicks of the top 5 links by clicks in the range.' })
  trends(@CurrentWorkspace() ws: WorkspaceAccess, @LocalRangeQuery(DEFAULT_DAYS) range: LocalRange): Promise<TrendPointDto[]> {
    return this.queries.execute(new GetTrendsQuery(ws, range));
  }

  @Get('daily-summary')
  @ApiOperation({ summary: 'Total clicks per local day, one entry per day including empty days, oldest first (default last 30 days).' })
  dailySummary(@CurrentWorkspace() ws: WorkspaceAccess, @LocalRangeQuery(DEFAULT_DAYS) range: LocalRange): Promise<DailySummaryItemDto[]> {
    return this.queries.execute(new GetDailySummaryQuery(ws, range));
  }

  @Get('performance')
  @ApiOperation({ summary: 'Every link with clicksInRange, clicksToday, clickCount and lastClick; most clicked in range first.' })
  performance(@CurrentWorkspace() ws: WorkspaceAccess, @LocalRangeQuery(DEFAULT_DAYS) range: LocalRange): Promise<PerformanceRowDto[]> {
    return this.queries.execute(new GetPerformanceQuery(ws, range));
  }

  @Get('geographic')
  @ApiOperation({ summary: 'Clicks in the range by country, city and region (known places), most first.' })
  geographic(@CurrentWorkspace() ws: WorkspaceAccess, @LocalRangeQuery(DEFAULT_DAYS) range: LocalRange): Promise<GeographicDto> {
    return this.queries.execute(new GetGeographicQuery(ws, range));
  }

  @Get('recent-ip-activity')
  @ApiOperation({ summary: 'One record per (IP, link) seen in the last 7, 14 or 30 days, newest first, 10 per page by default.' })
  recentIpActivity(@CurrentWorkspace() ws: WorkspaceAccess, @RecentIpQuery() w: RecentIpWindow): Promise<RecentIpActivityDto> {
    return this.queries.execute(new GetRecentIpActivityQuery(ws, w.days, w.page, w.limit));
  }
}
