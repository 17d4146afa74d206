import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { DailySummaryItemDto } from '@app/contracts';
import { eachDate, formatDate, type LocalRange } from '@app/time';
import { ROLLUPS, localDaySql } from '../rollup-range.js';
import { scopeSql, type Scope } from '../scope.js';
import { SqlParams } from '../sql-params.js';
import { num } from '../rows.js';

/** Total clicks per local day of the range, one entry per day (empty days included), oldest first. */
export class GetDailySummaryQuery extends Query<DailySummaryItemDto[]> {
  constructor(readonly scope: Scope, readonly range: LocalRange) {
    super();
  }
}

@QueryHandler(GetDailySummaryQuery)
export class GetDailySummaryHandler implements IQueryHandler<GetDailySummaryQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ scope, range }: GetDailySummaryQuery): Promise<DailySummaryItemDto[]> {
    const p = new SqlParams();
    const rows: { d: string; clicks: string }[] = await this.dataSource.query(
      `SELECT to_char(d, 'YYYY-MM-DD') AS d, sum(clicks) AS clicks
         FROM (${localDaySql(ROLLUPS.ownerClicks, range, p, '', scopeSql(scope, p))}) r GROUP BY d`,
      p.values,
    );
    const byDay = new Map(rows.map((r) => [r.d, num(r.clicks)]));
    return eachDate(range.startDate, range.endDate).map((date) => ({ date, formattedDate: formatDate(date), totalClicks: byDay.get(date) ?? 0 }));
  }
}
