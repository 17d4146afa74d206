import { Controller, Get, Inject, Param, UseInterceptors } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { type LinkAnalyticsDto, type WorkspaceAccess } from '@app/contracts';
import { GetLinkAnalyticsQuery, linkAnalyticsCountsOnly } from '@app/analytics';
import { CurrentWorkspace, InWorkspace, ReadsLinks, RequireScope } from '@app/identity';
import { LinkAnalyticsRangeQuery, type LinkWindow } from './local-range.js';
import { FilteredReadInterceptor } from './filtered-read-gate.js';

const DEFAULT_DAYS = 7;

/** Link Analytics screen: one link of the caller (admins: any link); others' and unknown ids are 404. */
@ApiTags('analytics')
@ApiBearerAuth()
@RequireScope('analytics:read')
@InWorkspace('viewer', { adminSeesAll: true })
@Controller('api/links')
@UseInterceptors(FilteredReadInterceptor)
export class LinkAnalyticsController {
  constructor(
    private readonly queries: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':id/analytics')
  @ApiOperation({
    summary:
      'Last 50 clicks in the range, clicks by country and city, one entry per local day, browser/OS/device/referrer/language (default last 7 days; period=all: since the link was created). An API key without links:read: `name`, `originalUrl` and variant `url` null, no `utm`.',
  })
  async analytics(
    @CurrentWorkspace() ws: WorkspaceAccess,
    @Param('id') id: string,
    @LinkAnalyticsRangeQuery(DEFAULT_DAYS) q: LinkWindow,
    @ReadsLinks() readsLinks: boolean,
  ): Promise<LinkAnalyticsDto> {
    const range = 'allTime' in q ? { allTime: q.allTime } : q.range;
    const dto: LinkAnalyticsDto = await this.queries.execute(
      new GetLinkAnalyticsQuery(ws, id, range, this.config.shortBaseUrl, q.filters, 'compare' in q && q.compare),
    );
    return readsLinks ? dto : linkAnalyticsCountsOnly(dto);
  }
}
