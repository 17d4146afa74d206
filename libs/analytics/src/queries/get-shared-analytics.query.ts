import { Query, QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { SHARED_TOP, type BreakdownDto, type BreakdownDimension, type ClickFilters, type SharedAnalyticsDto } from '@app/contracts';
import type { LocalRange } from '@app/time';
import { GetBreakdownQuery } from './get-breakdown.query.js';
import { GetDailySummaryQuery } from './get-daily-summary.query.js';
import { GetGeographicQuery } from './get-geographic.query.js';

/**
 * A shared stats page's figures (docs/product.md "Shared stats"): the dashboard queries themselves, in the share's
 * workspace only, under the share's one filter (its link, or its tag: every link of the workspace carrying it), so
 * each number equals the direct count of the matching non-bot clicks. Only aggregate fields are copied into the
 * answer: no IP address, no other link's name or destination.
 */
export class GetSharedAnalyticsQuery extends Query<SharedAnalyticsDto> {
  constructor(
    readonly workspaceId: string,
    readonly filter: { linkId: string } | { tag: string },
    readonly subject: SharedAnalyticsDto['subject'],
    readonly range: LocalRange,
  ) {
    super();
  }
}

@QueryHandler(GetSharedAnalyticsQuery)
export class GetSharedAnalyticsHandler implements IQueryHandler<GetSharedAnalyticsQuery> {
  constructor(private readonly queries: QueryBus) {}

  async execute({ workspaceId, filter, subject, range }: GetSharedAnalyticsQuery): Promise<SharedAnalyticsDto> {
    const scope = { workspaceId, everyWorkspace: false };
    const filters: ClickFilters = { ...filter };
    const top = (dimension: BreakdownDimension) =>
      this.queries
        .execute(new GetBreakdownQuery(scope, range, dimension, filters))
        .then((b: BreakdownDto) => b.items.slice(0, SHARED_TOP).map(({ value, label, clicks }) => ({ value, label, clicks })));
    const [days, geo, devices, browsers, referrers] = await Promise.all([
      this.queries.execute(new GetDailySummaryQuery(scope, range, filters)),
      this.queries.execute(new GetGeographicQuery(scope, range, filters)),
      top('device'),
      top('browser'),
      top('referrer'),
    ]);
    const clicksOverTime = days.map((d) => ({ date: d.date, clicks: d.totalClicks }));
    return {
      subject,
      startDate: range.startDate,
      endDate: range.endDate,
      totalClicks: clicksOverTime.reduce((sum, d) => sum + d.clicks, 0),
      clicksOverTime,
      countries: geo.countries.map(({ country, countryCode, clicks }) => ({ country, countryCode, clicks })),
      cities: geo.cities.map(({ city, country, clicks }) => ({ city, country, clicks })),
      devices,
      browsers,
      referrers,
    };
  }
}
