import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { READ_DATA_SOURCE } from '@app/database';
import type { ClickFilters, TrendPointDto } from '@app/contracts';
import { eachDate, previousRange, type LocalRange } from '@app/time';
import { ROLLUPS, localDaySql } from '../rollup-range.js';
import { filteredLocalDaySql, filteredRangeSql } from '../filters/click-source.js';
import { hasFilters } from '../filters/click-filters.js';
import type { Scope } from '../scope.js';
import { ScopedRangeQuery } from './scoped-range-query.js';
import { SqlParams } from '../sql-params.js';
import { num } from '../rows.js';

export const TREND_LINKS = 5;

/**
 * Clicks per local day of the top 5 links by clicks in the range; one point per day, empty days included. With
 * `compare`, each point also carries the same links' clicks on the matching day of the period just before.
 */
export class GetTrendsQuery extends ScopedRangeQuery<TrendPointDto[]> {
  constructor(
    scope: Scope,
    range: LocalRange,
    filters: ClickFilters = {},
    readonly compare = false,
  ) {
    super(scope, range, filters);
  }
}

type Link = { id: string; name: string };

@QueryHandler(GetTrendsQuery)
export class GetTrendsHandler implements IQueryHandler<GetTrendsQuery> {
  constructor(@Inject(READ_DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ scope, range, filters, compare }: GetTrendsQuery): Promise<TrendPointDto[]> {
    const p = new SqlParams();
    const topSql = `SELECT l.id, l.name FROM (
         SELECT link_id, sum(clicks) AS clicks FROM (${filteredRangeSql(range, p, 'link_id', scope, filters)}) r
          GROUP BY link_id HAVING sum(clicks) > 0
       ) t JOIN links l ON l.id = t.link_id
       ORDER BY t.clicks DESC, l.created_at DESC, l.id LIMIT ${TREND_LINKS}`;
    const [top, perDay] = hasFilters(filters)
      ? await this.dataSource.query<Link[]>(topSql, p.values).then(async (links) => [links, await this.perDay(links, range, scope, filters)] as const)
      : await this.topWithDays(topSql, p, range);
    const before = compare ? previousRange(range) : null;
    const perDayBefore = before ? await this.perDay(top, before, scope, filters) : new Map<string, number>();
    const datesBefore = before ? eachDate(before.startDate, before.endDate) : [];
    const linkData = (date: string, counts: Map<string, number>) =>
      top.map((l) => ({ linkId: l.id, linkName: l.name, clicks: counts.get(`${l.id}|${date}`) ?? 0 }));
    return eachDate(range.startDate, range.endDate).map((date, i) => ({
      date,
      linkData: linkData(date, perDay),
      ...(before ? { previous: { date: datesBefore[i], linkData: linkData(datesBefore[i], perDayBefore) } } : {}),
    }));
  }

  /**
   * Unfiltered: the top links and their clicks per local day in one statement (one round trip): each top link's days
   * read from its own (link_id, bucket) key range, as perDay does.
   */
  private async topWithDays(topSql: string, p: SqlParams, range: LocalRange): Promise<readonly [Link[], Map<string, number>]> {
    const rows = await this.dataSource.query<{ id: string; name: string; d: string | null; clicks: string | null }[]>(
      `WITH top AS (SELECT t.*, row_number() OVER () AS rank FROM (${topSql}) t)
       SELECT top.id, top.name, days.d, days.clicks FROM top
         LEFT JOIN LATERAL (
           SELECT to_char(d, 'YYYY-MM-DD') AS d, sum(clicks) AS clicks
             FROM (${localDaySql(ROLLUPS.linkClicks, range, p, '', 'link_id = top.id')}) r GROUP BY d
         ) days ON TRUE
        ORDER BY top.rank`,
      p.values,
    );
    const top = new Map<string, Link>();
    const perDay = new Map<string, number>();
    for (const r of rows) {
      if (!top.has(r.id)) top.set(r.id, { id: r.id, name: r.name });
      if (r.d) perDay.set(`${r.id}|${r.d}`, num(r.clicks));
    }
    return [[...top.values()], perDay] as const;
  }

  /** Clicks per `link|date` of the given links in the range. */
  private async perDay(top: Link[], range: LocalRange, scope: Scope, filters: ClickFilters): Promise<Map<string, number>> {
    const perDay = new Map<string, number>();
    if (!top.length) return perDay;
    const q = new SqlParams();
    // One branch per link (`link_id = $n`), each read from its own (link_id, bucket) key range. Given
    // `link_id = ANY(...)`, the planner may read every link's rows of the range by bucket instead and filter them
    // (issue 14: 50 ms at 1.1M clicks once the rollup pages kept room for updates).
    const perLink = top.map((l) =>
      hasFilters(filters)
        ? filteredLocalDaySql(range, q, 'link_id', scope, { ...filters, linkId: l.id })
        : localDaySql(ROLLUPS.linkClicks, range, q, 'link_id', `link_id = ${q.add(l.id)}`),
    );
    const rows = await this.dataSource.query<{ link_id: string; d: string; clicks: string }[]>(
      `SELECT link_id, to_char(d, 'YYYY-MM-DD') AS d, sum(clicks) AS clicks
         FROM (${perLink.join(' UNION ALL ')}) r
        GROUP BY link_id, d`,
      q.values,
    );
    for (const r of rows) perDay.set(`${r.link_id}|${r.d}`, num(r.clicks));
    return perDay;
  }
}
