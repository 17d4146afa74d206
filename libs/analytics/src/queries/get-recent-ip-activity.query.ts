import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { RecentIpActivityDto } from '@app/contracts';
import { scopeSql, type Scope } from '../scope.js';
import { SqlParams } from '../sql-params.js';
import { iso, num } from '../rows.js';

const DAY = 86_400_000;

/**
 * One record per (IP, link) seen in the last `days` days on links in scope, newest first, paged.
 * Counted from ip_activity alone (its (owner_id, last_seen) index): joining links for the count cost ~4× at 1M clicks.
 */
export class GetRecentIpActivityQuery extends Query<RecentIpActivityDto> {
  constructor(
    readonly scope: Scope,
    readonly days: number,
    readonly page: number,
    readonly limit: number,
    readonly now: Date = new Date(),
  ) {
    super();
  }
}

@QueryHandler(GetRecentIpActivityQuery)
export class GetRecentIpActivityHandler implements IQueryHandler<GetRecentIpActivityQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ scope, days, page, limit, now }: GetRecentIpActivityQuery): Promise<RecentIpActivityDto> {
    const p = new SqlParams();
    const filter = `${scopeSql(scope, p, 'a.owner_id')} AND a.last_seen >= ${p.add(new Date(now.getTime() - days * DAY))}`;
    const [{ total }] = await this.dataSource.query(
      `SELECT count(*) AS total FROM ip_activity a WHERE ${filter}`,
      p.values,
    );
    const rows = await this.dataSource.query(
      `SELECT a.ip, a.click_count, a.city, a.region, a.country, a.link_id, coalesce(l.name, 'Deleted link') AS name, a.last_referrer, a.last_seen
         FROM ip_activity a LEFT JOIN links l ON l.id = a.link_id
        WHERE ${filter}
        ORDER BY a.last_seen DESC, a.ip, a.link_id
        LIMIT ${p.add(limit)} OFFSET ${p.add((page - 1) * limit)}`,
      p.values,
    );
    return {
      data: rows.map((r: any) => ({
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
      total: num(total),
      totalPages: Math.ceil(num(total) / limit),
      page,
      limit,
    };
  }
}
