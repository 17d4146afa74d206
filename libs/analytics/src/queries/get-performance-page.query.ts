import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { READ_DATA_SOURCE } from '@app/database';
import type { PerformancePageDto, PerformanceSummaryDto } from '@app/contracts';
import type { LocalRange } from '@app/time';
import { ROLLUPS, rollupRangeSql } from '../rollup-range.js';
import { scopeSql, type Scope } from '../scope.js';
import { SqlParams } from '../sql-params.js';
import { iso, num } from '../rows.js';
import type { PerformanceRowDto } from '../performance-row.js';
import { ScopedRangeQuery } from './scoped-range-query.js';
import { performanceRow, performanceRowsSql } from './get-performance.query.js';

/**
 * The Analytics Performance tab, one page at a time (`?limit=`): the rows in the table's order, how many there are,
 * and the Total Summary row, which still sums every link in scope (not only the page).
 */
export class GetPerformancePageQuery extends ScopedRangeQuery<PerformancePageDto<PerformanceRowDto>> {
  constructor(
    scope: Scope,
    range: LocalRange,
    readonly page: number,
    readonly limit: number,
    readonly now: Date = new Date(),
  ) {
    super(scope, range);
  }
}

@QueryHandler(GetPerformancePageQuery)
export class GetPerformancePageHandler implements IQueryHandler<GetPerformancePageQuery> {
  constructor(
    @Inject(READ_DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(q: GetPerformancePageQuery): Promise<PerformancePageDto<PerformanceRowDto>> {
    const p = new SqlParams();
    const sql = performanceRowsSql(q.scope, q.range, q.now, p, { limit: q.limit, offset: (q.page - 1) * q.limit });
    const [rows, summary] = await Promise.all([this.dataSource.query(sql, p.values), this.summary(q.scope, q.range)]);
    return {
      data: rows.map((r: any) => performanceRow(r, q.scope, this.config.shortBaseUrl)),
      total: summary.links,
      page: q.page,
      limit: q.limit,
      summary,
    };
  }

  /** Every link in scope: how many, their clicks in the range (the rollups), their totals and latest click (link_stats). */
  private async summary(scope: Scope, range: LocalRange): Promise<PerformanceSummaryDto> {
    const p = new SqlParams();
    const [r] = await this.dataSource.query<{ links: string; in_range: string | null; total: string | null; last_click_at: Date | null }[]>(
      `SELECT (SELECT count(*) FROM links l WHERE ${scopeSql(scope, p, 'l.owner_id')}) AS links,
              (SELECT sum(clicks) FROM (${rollupRangeSql(ROLLUPS.linkClicks, range, p, 'link_id', scopeSql(scope, p))}) r) AS in_range,
              s.total, s.last_click_at
         FROM (SELECT sum(click_count) AS total, max(last_click_at) AS last_click_at FROM link_stats WHERE ${scopeSql(scope, p)}) s`,
      p.values,
    );
    return { links: num(r.links), clicksInRange: num(r.in_range ?? 0), totalClicks: num(r.total ?? 0), lastClick: iso(r.last_click_at) };
  }
}
