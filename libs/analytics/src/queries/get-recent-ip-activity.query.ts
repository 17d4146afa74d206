import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { READ_DATA_SOURCE } from '@app/database';
import type { ClickFilters, RecentIpActivityDto } from '@app/contracts';
import { clickColumnFilterSql, hasFilters, scopedLinksSql } from '../filters/click-filters.js';
import { scopeSql, type Scope } from '../scope.js';
import { SqlParams } from '../sql-params.js';
import { iso, num } from '../rows.js';
import { partialDayCountSql, seenSinceSql } from '../ip-buckets.js';

const DAY = 86_400_000;

/**
 * One record per (IP, link) seen in the last `days` days on links in scope, newest first, paged.
 * Under filters (docs/architecture.md, "Analytics filters") the records come from the matching non-bot clicks of the
 * window instead: a record's clicks are its matching clicks of the window, its place and referrer those of its last one.
 * Unfiltered, the page comes from ip_activity's (owner_id, last_bucket DESC) index (LIMIT/OFFSET; newest first is last_bucket
 * then last_seen, migration IpLastBucket); the total from per-day tallies.
 */
export class GetRecentIpActivityQuery extends Query<RecentIpActivityDto> {
  constructor(
    readonly scope: Scope,
    readonly days: number,
    readonly page: number,
    readonly limit: number,
    readonly now: Date = new Date(),
    readonly filters: ClickFilters = {},
  ) {
    super();
  }
}

interface ActivityRow {
  ip: string;
  click_count: unknown;
  city: string | null;
  region: string | null;
  country: string | null;
  link_id: string;
  name: string;
  last_referrer: string | null;
  last_seen: Date;
}

@QueryHandler(GetRecentIpActivityQuery)
export class GetRecentIpActivityHandler implements IQueryHandler<GetRecentIpActivityQuery> {
  constructor(@Inject(READ_DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ scope, days, page, limit, now, filters }: GetRecentIpActivityQuery): Promise<RecentIpActivityDto> {
    const since = new Date(now.getTime() - days * DAY);
    if (hasFilters(filters)) return this.filtered(scope, since, page, limit, filters);
    const nextMidnight = new Date(Math.ceil(since.getTime() / DAY) * DAY);
    // Exact count without visiting every record: the records whose last_seen falls on a whole UTC day from
    // per-day tallies (owner_ip_seen_daily), the partial first day from the (owner_id, last_bucket) index.
    const c = new SqlParams();
    const counting = this.dataSource.query<{ total: unknown }[]>(
      `SELECT ${partialDayCountSql('ip_activity', scopeSql(scope, c, 'a.owner_id'), c, since, nextMidnight)}
            + (SELECT coalesce(sum(records), 0) FROM owner_ip_seen_daily s WHERE ${scopeSql(scope, c, 's.owner_id')}
                  AND s.day >= ${c.add(nextMidnight.toISOString().slice(0, 10))}::date) AS total`,
      c.values,
    );
    const p = new SqlParams();
    const filter = `${scopeSql(scope, p, 'a.owner_id')} AND ${seenSinceSql('a.', p, since)}`;
    const paging = this.dataSource.query<ActivityRow[]>(
      `SELECT a.ip, a.click_count, a.city, a.region, a.country, a.link_id, coalesce(l.name, 'Deleted link') AS name, a.last_referrer, a.last_seen
         FROM ip_activity a LEFT JOIN links l ON l.id = a.link_id
        WHERE ${filter}
        ORDER BY a.last_bucket DESC, a.last_seen DESC, a.ip, a.link_id
        LIMIT ${p.add(limit)} OFFSET ${p.add((page - 1) * limit)}`,
      p.values,
    );
    const [[{ total }], rows] = await Promise.all([counting, paging]);
    return toPage(rows, num(total), page, limit);
  }

  /** The records of the raw clicks of the window that match the filters (one index range of clicks per link). */
  private async filtered(scope: Scope, since: Date, page: number, limit: number, filters: ClickFilters): Promise<RecentIpActivityDto> {
    const records = (p: SqlParams) =>
      `SELECT ip, link_id, count(*) AS click_count, max(clicked_at) AS last_seen,
              (array_agg(city ORDER BY clicked_at DESC, id DESC))[1] AS city, (array_agg(region ORDER BY clicked_at DESC, id DESC))[1] AS region,
              (array_agg(country ORDER BY clicked_at DESC, id DESC))[1] AS country,
              (array_agg(referrer ORDER BY clicked_at DESC, id DESC))[1] AS last_referrer
         FROM clicks
        WHERE clicked_at >= ${p.add(since)} AND NOT is_bot AND ${scopedLinksSql(scope, filters, p)}
          AND ${clickColumnFilterSql(filters, p)}
        GROUP BY ip, link_id`;
    const c = new SqlParams();
    const counting = this.dataSource.query<{ total: unknown }[]>(`SELECT count(*) AS total FROM (${records(c)}) r`, c.values);
    const p = new SqlParams();
    const paging = this.dataSource.query<ActivityRow[]>(
      `SELECT r.*, coalesce(l.name, 'Deleted link') AS name FROM (${records(p)}) r LEFT JOIN links l ON l.id = r.link_id
        ORDER BY r.last_seen DESC, r.ip, r.link_id LIMIT ${p.add(limit)} OFFSET ${p.add((page - 1) * limit)}`,
      p.values,
    );
    const [[{ total }], rows] = await Promise.all([counting, paging]);
    return toPage(rows, num(total), page, limit);
  }
}

/** The records of one page as the call answers them. */
function toPage(rows: ActivityRow[], total: number, page: number, limit: number): RecentIpActivityDto {
  return {
    data: rows.map((r) => ({
      ipAddress: r.ip,
      clickCount: num(r.click_count),
      city: r.city || null,
      region: r.region || null,
      country: r.country || null,
      linkId: r.link_id,
      linkName: r.name,
      referrer: r.last_referrer || null,
      lastSeen: iso(r.last_seen)!,
    })),
    total,
    totalPages: Math.ceil(total / limit),
    page,
    limit,
  };
}
