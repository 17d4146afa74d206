import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { READ_DATA_SOURCE } from '@app/database';
import type { ClickFilters, StatsDto } from '@app/contracts';
import { addDays, localDateString, localDayOf, localMidnight, startOfLocalWeek, type Zone } from '@app/time';
import { ALL_TIME_FROM, filteredRangeSql } from '../filters/click-source.js';
import { hasFilters, linkFilterSql } from '../filters/click-filters.js';
import { scopeSql, type Scope } from '../scope.js';
import { SqlParams } from '../sql-params.js';
import { num } from '../rows.js';

const DAY = 86_400_000;

/**
 * Dashboard stat cards: clicks today and this week (Monday start) in the caller's zone, totals; under filters, each
 * counts only the clicks that match (and the links that match the link filters). `compare` adds yesterday and the
 * matching days of last week.
 */
export class GetStatsQuery extends Query<StatsDto> {
  constructor(
    readonly scope: Scope,
    readonly offset: Zone,
    readonly now: Date = new Date(),
    readonly filters: ClickFilters = {},
    readonly compare = false,
  ) {
    super();
  }
}

@QueryHandler(GetStatsQuery)
export class GetStatsHandler implements IQueryHandler<GetStatsQuery> {
  constructor(@Inject(READ_DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ scope, offset, now, filters, compare }: GetStatsQuery): Promise<StatsDto> {
    const { from: today, to: tomorrow } = localDayOf(now, offset);
    const week = startOfLocalWeek(now, offset);
    const p = new SqlParams();
    const sum = (from: Date, to: Date) => `(SELECT coalesce(sum(clicks), 0) FROM (${filteredRangeSql({ from, to }, p, '', scope, filters)}) r)`;
    const filtered = hasFilters(filters);
    // Unfiltered: the links' running totals; filtered: every matching click up to now, from the source filters pick.
    const total = filtered
      ? sum(ALL_TIME_FROM, new Date(now.getTime() + DAY))
      : `(SELECT coalesce(sum(click_count), 0) FROM link_stats WHERE ${scopeSql(scope, p)})`;
    const links = `(SELECT count(*) FROM links l WHERE ${[scopeSql(scope, p, 'l.owner_id'), ...linkFilterSql(filters, p)].join(' AND ')})`;
    // Local days, not 24-hour steps: a day across a daylight-saving change is 23 or 25 hours long.
    const day = (n: number, of: Date) => localMidnight(addDays(localDateString(of, offset), n), offset);
    const previous = compare ? `, ${sum(day(-1, now), today)} AS yesterday, ${sum(day(-7, week), day(-6, now))} AS last_week` : '';
    const [row] = await this.dataSource.query<Record<'today' | 'week' | 'total' | 'links' | 'yesterday' | 'last_week', unknown>[]>(
      `SELECT ${sum(today, tomorrow)} AS today, ${sum(week, tomorrow)} AS week, ${total} AS total, ${links} AS links${previous}`,
      p.values,
    );
    return {
      clicksToday: num(row.today),
      clicksThisWeek: num(row.week),
      totalClicks: num(row.total),
      totalLinks: num(row.links),
      ...(compare ? { previous: { clicksToday: num(row.yesterday), clicksThisWeek: num(row.last_week) } } : {}),
    };
  }
}
