import { Controller, Get, Inject, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { type LinkAnalyticsDto, type WorkspaceAccess } from '@app/contracts';
import { GetLinkAnalyticsQuery } from '@app/analytics';
import { CurrentWorkspace, InWorkspace, RequireScope } from '@app/identity';
import { ComparedRangeQuery, type ComparedRange } from './local-range.js';

const DEFAULT_DAYS = 7;

/** Link Analytics screen: one link of the caller (admins: any link); others' and unknown ids are 404. */
@ApiTags('analytics')
@ApiBearerAuth()
@RequireScope('analytics:read')
@InWorkspace('viewer', { adminSeesAll: true })
@Controller('api/links')
export class LinkAnalyticsController {
  constructor(
    private readonly queries: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':id/analytics')
  @ApiOperation({
    summary: 'Last 50 clicks in the range, clicks by country and city, one entry per local day, browser/OS/device/referrer (default last 7 days).',
  })
  analytics(
    @CurrentWorkspace() ws: WorkspaceAccess,
    @Param('id') id: string,
    @ComparedRangeQuery(DEFAULT_DAYS) q: ComparedRange,
  ): Promise<LinkAnalyticsDto> {
    return this.queries.execute(new GetLinkAnalyticsQuery(ws, id, q.range, this.config.shortBaseUrl, q.filters, q.compare));
  }
}
