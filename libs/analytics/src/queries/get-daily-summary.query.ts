import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { READ_DATA_SOURCE } from '@app/database';
import type { DailySummaryItemDto } from '@app/contracts';
import { eachDate, formatDate } from '@app/time';
import { filteredLocalDaySql } from '../filters/click-source.js';
import { ScopedRangeQuery } from './scoped-range-query.js';
import { SqlParams } from '../sql-params.js';
import { num } from '../rows.js';

/** Total clicks (that match the filters) per local day of the range, one entry per day (empty days included), oldest first. */
export class GetDailySummaryQuery extends ScopedRangeQuery<DailySummaryItemDto[]> {}

@QueryHandler(GetDailySummaryQuery)
export class GetDailySummaryHandler implements IQueryHandler<GetDailySummaryQuery> {
  constructor(@Inject(READ_DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ scope, range, filters }: GetDailySummaryQuery): Promise<DailySummaryItemDto[]> {
    const p = new SqlParams();
    const rows = await this.dataSource.query<{ d: string; clicks: string }[]>(
      `SELECT to_char(d, 'YYYY-MM-DD') AS d, sum(clicks) AS clicks
         FROM (${filteredLocalDaySql(range, p, '', scope, filters)}) r GROUP BY d`,
      p.values,
    );
    const byDay = new Map(rows.map((r) => [r.d, num(r.clicks)]));
    return eachDate(range.startDate, range.endDate).map((date) => ({ date, formattedDate: formatDate(date), totalClicks: byDay.get(date) ?? 0 }));
  }
}
