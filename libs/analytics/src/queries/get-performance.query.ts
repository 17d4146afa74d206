import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Inject, Optional } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { READ_DATA_SOURCE } from '@app/database';
import { linkControlsDto, shortUrlFor, type ClickFilters, type LinkControlsDto } from '@app/contracts';
import { localDayOf, type LocalRange } from '@app/time';
import { ALL_TIME_FROM, filteredRangeSql } from '../filters/click-source.js';
import { hasFilters, linkFilterSql } from '../filters/click-filters.js';
import { beyondStoredClicks } from '../rollup-range.js';
import { scopeSql, type Scope } from '../scope.js';
import { SqlParams } from '../sql-params.js';
import { iso, num } from '../rows.js';
import type { PerformanceRowDto } from '../performance-row.js';
import { ScopedRangeQuery } from './scoped-range-query.js';

/**
 * Port: the names of owner column values for the admin's every-workspace view (a personal workspace's user, a shared
 * one's name). `workspaces` belongs to identity, so the api wires identity's `ownerNamesByIds` in under this token;
 * without it the owner's username is shown.
 */
export const PERFORMANCE_OWNER_NAMES = Symbol('PERFORMANCE_OWNER_NAMES');
export type PerformanceOwnerNames = (ownerIds: readonly string[]) => Promise<Map<string, string>>;

/** The rows' owner names for an every-workspace scope (admins); none otherwise. */
export async function ownerNamesOf(rows: { owner_id: string }[], scope: Scope, names?: PerformanceOwnerNames): Promise<Map<string, string>> {
  return scope.everyWorkspace && names ? names(rows.map((r) => r.owner_id)) : new Map();
}

const DAY = 86_400_000;

/**
 * Every link in scope (that matches the link filters) with its clicks in the range, today, in total and its last
 * click; most clicked first. Under filters every count is of the matching clicks only.
 */
export class GetPerformanceQuery extends ScopedRangeQuery<PerformanceRowDto[]> {
  constructor(
    scope: Scope,
    range: LocalRange,
    /** The instant "today" is counted for (an export names its file after the same day). */
    readonly now: Date = new Date(),
    filters: ClickFilters = {},
  ) {
    super(scope, range, filters);
  }
}

@QueryHandler(GetPerformanceQuery)
export class GetPerformanceHandler implements IQueryHandler<GetPerformanceQuery> {
  constructor(
    @Inject(READ_DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(PERFORMANCE_OWNER_NAMES) private readonly ownerNames?: PerformanceOwnerNames,
  ) {}

  async execute(q: GetPerformanceQuery): Promise<PerformanceRowDto[]> {
    const p = new SqlParams();
    const rows = await this.dataSource.query<PerformanceSqlRow[]>(performanceRowsSql(q, p), p.values);
    const names = await ownerNamesOf(rows, q.scope, this.ownerNames);
    return rows.map((r) => performanceRow(r, q.scope, this.config.shortBaseUrl, names));
  }
}

/**
 * The table's rows in its order; `slice` one page of them; `ordered: false` for a statement that only sums them
 * (the Total Summary of a page).
 */
export function performanceRowsSql(
  { scope, range, now, filters }: Pick<GetPerformanceQuery, 'scope' | 'range' | 'now' | 'filters'>,
  p: SqlParams,
  { ordered = true, slice }: { ordered?: boolean; slice?: { limit: number; offset: number } } = {},
): string {
  const todayRange = localDayOf(now, range.zone);
  const perLink = (r: { from: Date; to: Date }) =>
    `SELECT link_id, sum(clicks) AS clicks FROM (${filteredRangeSql(r, p, 'link_id', scope, filters)}) r GROUP BY link_id`;
  // Filtered, a link's total is its matching clicks of all time, not its running total: the range's (in_range) plus
  // those from the first possible click to the range, and those after it while a stored click can lie there (to the
  // end of today), so the range's days are read once (decision 0008, "Each link's values by month").
  const filtered = hasFilters(filters);
  const end = new Date(Math.max(range.to.getTime(), now.getTime() + DAY));
  const outside = [{ from: ALL_TIME_FROM, to: range.from }, ...(beyondStoredClicks(range.to.getTime()) ? [] : [{ from: range.to, to: end }])];
  const total = filtered
    ? `, all_time AS (SELECT link_id, sum(clicks) AS clicks FROM (SELECT link_id, clicks FROM in_range
         ${outside.map((r) => `UNION ALL ${perLink(r)}`).join(' ')}) t GROUP BY link_id)`
    : '';
  const order = ordered ? 'ORDER BY in_range DESC, click_count DESC, l.created_at DESC, l.id' : '';
  const page = slice ? `LIMIT ${p.add(slice.limit)} OFFSET ${p.add(slice.offset)}` : '';
  return `WITH in_range AS (${perLink(range)}), today AS (${perLink(todayRange)})${total}
     SELECT l.id, l.name, l.short_code, l.original_url, l.domain_id, d.domain, l.created_at, l.og_title, l.og_description,
            l.og_image, l.controls, l.password_id IS NOT NULL AS has_password, l.tags, l.archived, l.imported_clicks, l.owner_id, u.username, ${filtered ? 'coalesce(tot.clicks, 0)' : 'coalesce(s.click_count, 0)'} AS click_count, s.last_click_at,
            coalesce(ir.clicks, 0) AS in_range, coalesce(t.clicks, 0) AS today
       FROM links l
       LEFT JOIN domains d ON d.id = l.domain_id
       LEFT JOIN users u ON u.id = l.owner_id
       LEFT JOIN link_stats s ON s.link_id = l.id
       LEFT JOIN in_range ir ON ir.link_id = l.id
       LEFT JOIN today t ON t.link_id = l.id
       ${filtered ? 'LEFT JOIN all_time tot ON tot.link_id = l.id' : ''}
      WHERE ${[scopeSql(scope, p, 'l.owner_id'), ...linkFilterSql(filters, p)].join(' AND ')}
      ${order} ${page}`;
}

/** A row of performanceRowsSql: the link's columns, its owner's name, its clicks today, in the range and in all. */
export interface PerformanceSqlRow {
  id: string;
  name: string;
  short_code: string;
  original_url: string;
  domain: string | null;
  domain_id: string | null;
  click_count: string | number | null;
  today: string | number | null;
  in_range: string | number | null;
  created_at: Date | string;
  last_click_at: Date | string | null;
  owner_id: string;
  username: string | null;
  og_title: string | null;
  og_description: string | null;
  og_image: string | null;
  controls: Partial<LinkControlsDto> | null;
  has_password: boolean;
  tags: string[] | null;
  archived: boolean;
  imported_clicks: number | null;
}

export function performanceRow(r: PerformanceSqlRow, scope: Scope, shortBaseUrl: string, names: Map<string, string> = new Map()): PerformanceRowDto {
  const owner = names.get(r.owner_id) ?? r.username;
  return {
    id: r.id,
    name: r.name,
    shortCode: r.short_code,
    originalUrl: r.original_url,
    domain: r.domain ?? null,
    domainId: r.domain_id ?? null,
    shortUrl: shortUrlFor(shortBaseUrl, r.domain ?? null, r.short_code),
    clickCount: num(r.click_count),
    clicksToday: num(r.today),
    clicksInRange: num(r.in_range),
    createdAt: iso(r.created_at)!,
    lastClick: iso(r.last_click_at),
    ...(scope.everyWorkspace && owner ? { ownerUsername: owner } : {}),
    ogTitle: r.og_title ?? null,
    ogDescription: r.og_description ?? null,
    ogImage: r.og_image ?? null,
    ...linkControlsDto(r.controls, r.has_password, r.tags),
    archived: r.archived === true,
    importedClicks: r.imported_clicks ?? null,
  };
}
