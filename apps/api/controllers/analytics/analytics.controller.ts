import { Controller, Get, UseInterceptors } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type BreakdownDimension,
  type BreakdownDto,
  type DailySummaryItemDto,
  type GeographicDto,
  type PerformancePageDto,
  type RecentIpActivityDto,
  type StatsDto,
  type TrendPointDto,
  type WorkspaceAccess,
} from '@app/contracts';
import {
  GetBreakdownQuery,
  GetDailySummaryQuery,
  GetGeographicQuery,
  GetPerformancePageQuery,
  GetPerformanceQuery,
  GetRecentIpActivityQuery,
  GetStatsQuery,
  GetTrendsQuery,
  assertCountedDimension,
  breakdownCountsOnly,
  countsOnly,
  recentIpCountsOnly,
  trendsCountsOnly,
  type PerformanceRowDto,
  type ReportRow,
} from '@app/analytics';
import { CurrentWorkspace, InWorkspace, ReadsLinks, RequireScope } from '@app/identity';
import {
  BreakdownRangeQuery,
  ComparedRangeQuery,
  ComparedZoneQuery,
  FilteredRangeQuery,
  PerformanceQuery,
  RecentIpQuery,
  type ComparedRange,
  type ComparedZone,
  type FilteredRange,
  type PerformanceWindow,
  type RecentIpWindow,
} from './local-range.js';
import { FilteredReadInterceptor } from './filtered-read-gate.js';

const DEFAULT_DAYS = 30;

/**
 * Dashboard and Analytics page numbers for the caller's links (admins: everyone's), in the caller's time zone,
 * under the filters of docs/architecture.md "Analytics filters".
 */
@ApiTags('analytics')
@ApiBearerAuth()
@RequireScope('analytics:read')
@InWorkspace('viewer', { adminSeesAll: true })
@Controller('api/analytics')
@UseInterceptors(FilteredReadInterceptor)
export class AnalyticsController {
  constructor(private readonly queries: QueryBus) {}

  @Get('stats')
  @ApiOperation({ summary: 'Clicks today, this week (from Monday), in total, and the number of links.' })
  @ApiOkResponse({ description: 'StatsDto' })
  stats(@CurrentWorkspace() ws: WorkspaceAccess, @ComparedZoneQuery() q: ComparedZone): Promise<StatsDto> {
    return this.queries.execute(new GetStatsQuery(ws, q.zone, new Date(), q.filters, q.compare));
  }

  @Get('trends')
  @ApiOperation({
    summary:
      'One point per local day (default last 30 days) with the clicks of the top 5 links by clicks in the range. An API key without links:read gets `linkName` null.',
  })
  async trends(
    @CurrentWorkspace() ws: WorkspaceAccess,
    @ComparedRangeQuery(DEFAULT_DAYS) q: ComparedRange,
    @ReadsLinks() readsLinks: boolean,
  ): Promise<TrendPointDto[]> {
    const points: TrendPointDto[] = await this.queries.execute(new GetTrendsQuery(ws, q.range, q.filters, q.compare));
    return readsLinks ? points : trendsCountsOnly(points);
  }

  @Get('daily-summary')
  @ApiOperation({ summary: 'Total clicks per local day, one entry per day including empty days, oldest first (default last 30 days).' })
  dailySummary(@CurrentWorkspace() ws: WorkspaceAccess, @FilteredRangeQuery(DEFAULT_DAYS) q: FilteredRange): Promise<DailySummaryItemDto[]> {
    return this.queries.execute(new GetDailySummaryQuery(ws, q.range, q.filters));
  }

  @Get('performance')
  @ApiOperation({
    summary:
      'Every link with clicksInRange, clicksToday, clickCount and lastClick; most clicked in range first. With `limit`: one page `{data, total, page, limit, summary}`, summary summing every link. An API key without links:read gets counts only: `name` and `originalUrl` null, no other link fields.',
  })
  async performance(
    @CurrentWorkspace() ws: WorkspaceAccess,
    @PerformanceQuery(DEFAULT_DAYS) q: PerformanceWindow,
    @ReadsLinks() readsLinks: boolean,
  ): Promise<ReportRow[] | PerformancePageDto<ReportRow>> {
    const shown = (rows: PerformanceRowDto[]): ReportRow[] => (readsLinks ? rows : rows.map(countsOnly));
    if (!q.page) return shown(await this.queries.execute(new GetPerformanceQuery(ws, q.range, new Date(), q.filters)));
    const page: PerformancePageDto<PerformanceRowDto> = await this.queries.execute(
      new GetPerformancePageQuery(ws, q.range, q.page.page, q.page.limit, q.filters),
    );
    return { ...page, data: shown(page.data) };
  }

  @Get('geographic')
  @ApiOperation({ summary: 'Clicks in the range by country, city and region (known places), most first.' })
  geographic(@CurrentWorkspace() ws: WorkspaceAccess, @FilteredRangeQuery(DEFAULT_DAYS) q: FilteredRange): Promise<GeographicDto> {
    return this.queries.execute(new GetGeographicQuery(ws, q.range, q.filters));
  }

  @Get('breakdown')
  @ApiOperation({
    summary:
      'Clicks in the range by one dimension: the top 50 values by clicks (ties by value) and the total of every value. An API key without links:read: links labelled by id, tag and UTM dimensions 403.',
  })
  async breakdown(
    @CurrentWorkspace() ws: WorkspaceAccess,
    @BreakdownRangeQuery(DEFAULT_DAYS) q: FilteredRange & { dimension: BreakdownDimension },
    @ReadsLinks() readsLinks: boolean,
  ): Promise<BreakdownDto> {
    if (!readsLinks) assertCountedDimension(q.dimension);
    const dto: BreakdownDto = await this.queries.execute(new GetBreakdownQuery(ws, q.range, q.dimension, q.filters));
    return readsLinks ? dto : breakdownCountsOnly(dto);
  }

  @Get('recent-ip-activity')
  @ApiOperation({
    summary:
      'One record per (IP, link) seen in the last 7, 14 or 30 days, newest first, 10 per page by default; under filters, of the matching clicks of the window. An API key without links:read gets `linkName` null.',
  })
  async recentIpActivity(
    @CurrentWorkspace() ws: WorkspaceAccess,
    @RecentIpQuery() w: RecentIpWindow,
    @ReadsLinks() readsLinks: boolean,
  ): Promise<RecentIpActivityDto> {
    const dto: RecentIpActivityDto = await this.queries.execute(new GetRecentIpActivityQuery(ws, w.days, w.page, w.limit, new Date(), w.filters));
    return readsLinks ? dto : recentIpCountsOnly(dto);
  }
}
