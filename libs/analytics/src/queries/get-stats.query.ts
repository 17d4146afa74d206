import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { READ_DATA_SOURCE } from '@app/database';
import type { StatsDto } from '@app/contracts';
import { startOfLocalDay, startOfLocalWeek, type Zone } from '@app/time';
import { ROLLUPS, rollupRangeSql } from '../rollup-range.js';
import { scopeSql, type Scope } from '../scope.js';
import { SqlParams } from '../sql-params.js';
import { num } from '../rows.js';

const DAY = 86_400_000;

/** Dashboard stat cards: clicks today and this week (Monday start) in the caller's zone, totals. */
export class GetStatsQuery extends Query<StatsDto> {
  constructor(
    readonly scope: Scope,
    readonly offset: Zone,
    readonly now: Date = new Date(),
  ) {
    super();
  }
}

@QueryHandler(GetStatsQuery)
export class GetStatsHandler implements IQueryHandler<GetStatsQuery> {
  constructor(@Inject(READ_DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ scope, offset, now }: GetStatsQuery): Promise<StatsDto> {
    const today = startOfLocalDay(now, offset);
    const tomorrow = new Date(today.getTime() + DAY);
    const week = startOfLocalWeek(now, offset);
    const p = new SqlParams();
    const where = scopeSql(scope, p);
    const sum = (from: Date) =>
      `(SELECT coalesce(sum(clicks), 0) FROM (${rollupRangeSql(ROLLUPS.ownerClicks, { from, to: tomorrow }, p, '', where)}) r)`;
    const [row] = await this.dataSource.query(
      `SELECT ${sum(today)} AS today, ${sum(week)} AS week,
              (SELECT coalesce(sum(click_count), 0) FROM link_stats WHERE ${where}) AS total,
              (SELECT count(*) FROM links WHERE ${where}) AS links`,
      p.values,
    );
    return { clicksToday: num(row.today), clicksThisWeek: num(row.week), totalClicks: num(row.total), totalLinks: num(row.links) };
  }
}
