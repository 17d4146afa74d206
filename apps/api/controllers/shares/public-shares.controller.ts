import { Controller, Get, Headers, Param, Req } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SHARE_PASSWORD_HEADER, type SharedAnalyticsDto } from '@app/contracts';
import { GetSharedAnalyticsQuery } from '@app/analytics';
import { Public } from '@app/identity';
import { OpenShareQuery, type OpenedShare } from '@app/links';
import type { LocalRange } from '@app/time';
import { LocalRangeQuery } from '../analytics/local-range.js';
import { clientIp, type ApiRequest } from '../identity/request-origin.js';

const DEFAULT_DAYS = 30;

/** The public data of a shared stats page (docs/product.md "Shared stats", docs/security.md "Shared stats pages"): no account. */
@ApiTags('shares')
@Public()
@Controller('api/public/shares')
export class PublicSharesController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':token/analytics')
  @ApiOperation({
    summary:
      "The shared link's or tag's clicks over a local range (default the last 30 days): total, per day, countries, cities, devices, browsers, referrers. Unknown, revoked or expired: 404; password missing or wrong: 401; rate-limited per address: 429.",
  })
  @ApiHeader({ name: SHARE_PASSWORD_HEADER, required: false, description: "A password share's password." })
  @ApiOkResponse({ description: 'SharedAnalyticsDto' })
  async analytics(
    @Param('token') token: string,
    @Headers(SHARE_PASSWORD_HEADER.toLowerCase()) password: string | undefined,
    @LocalRangeQuery(DEFAULT_DAYS) range: LocalRange,
    @Req() req: ApiRequest,
  ): Promise<SharedAnalyticsDto> {
    const share: OpenedShare = await this.queries.execute(new OpenShareQuery(token, password, clientIp(req)));
    const filter = share.linkId !== null ? { linkId: share.linkId } : { tag: share.tag ?? '' };
    return this.queries.execute(new GetSharedAnalyticsQuery(share.workspaceId, filter, share.subject, range));
  }
}
