import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Inject, Optional } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { READ_DATA_SOURCE } from '@app/database';
import type { ClickFilters, PerformancePageDto, PerformanceSummaryDto } from '@app/contracts';
import type { LocalRange } from '@app/time';
import type { Scope } from '../scope.js';
import { SqlParams } from '../sql-params.js';
import { iso, num } from '../rows.js';
import type { PerformanceRowDto } from '../performance-row.js';
import { ScopedRangeQuery } from './scoped-range-query.js';
import {
  ownerNamesOf,
  PERFORMANCE_OWNER_NAMES,
  type PerformanceOwnerNames,
  performanceRow,
  performanceRowsSql,
  type PerformanceSqlRow,
} from './get-performance.query.js';

/**
 * The Analytics Performance tab one page at a time (`?limit=`): the rows in the table's order, how many there are,
 * and the Total Summary row, which still sums every row of the table (every link in scope matching the filters).
 */
export class GetPerformancePageQuery extends ScopedRangeQuery<PerformancePageDto<PerformanceRowDto>> {
  constructor(
    scope: Scope,
    range: LocalRange,
    readonly page: number,
    readonly limit: number,
    filters: ClickFilters = {},
    readonly now: Date = new Date(),
  ) {
    super(scope, range, filters);
  }
}

interface SummaryRow {
  links: string;
  in_range: string | null;
  total: string | null;
  last_click_at: Date | null;
}

@QueryHandler(GetPerformancePageQuery)
export class GetPerformancePageHandler implements IQueryHandler<GetPerformancePageQuery> {
  constructor(
    @Inject(READ_DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(PERFORMANCE_OWNER_NAMES) private readonly ownerNames?: PerformanceOwnerNames,
  ) {}

  async execute(q: GetPerformancePageQuery): Promise<PerformancePageDto<PerformanceRowDto>> {
    const pageParams = new SqlParams();
    const pageSql = performanceRowsSql(q, pageParams, { slice: { limit: q.limit, offset: (q.page - 1) * q.limit } });
    const sumParams = new SqlParams();
    const sumSql = `SELECT count(*) AS links, sum(t.in_range) AS in_range, sum(t.click_count) AS total, max(t.last_click_at) AS last_click_at
                      FROM (${performanceRowsSql(q, sumParams, { ordered: false })}) t`;
    const [rows, [s]] = await Promise.all([
      this.dataSource.query<PerformanceSqlRow[]>(pageSql, pageParams.values),
      this.dataSource.query<SummaryRow[]>(sumSql, sumParams.values),
    ]);
    const summary: PerformanceSummaryDto = {
      links: num(s.links),
      clicksInRange: num(s.in_range),
      totalClicks: num(s.total),
      lastClick: iso(s.last_click_at),
    };
    const names = await ownerNamesOf(rows, q.scope, this.ownerNames);
    return {
      data: rows.map((r) => performanceRow(r, q.scope, this.config.shortBaseUrl, names)),
      total: summary.links,
      page: q.page,
      limit: q.limit,
      summary,
    };
  }
}
