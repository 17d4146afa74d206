import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { READ_DATA_SOURCE } from '@app/database';
import type { IpSummaryDto } from '@app/contracts';
import { addDays, eachDate, localDateString, localMidnight, type Zone } from '@app/time';
import { localDateExpr } from '../rollup-range.js';
import { SqlParams } from '../sql-params.js';
import { iso, num } from '../rows.js';
import { partialDayCountSql, seenSinceSql } from '../ip-buckets.js';

const DAY = 86_400_000;
export const IP_SUMMARY_LIMIT = 100;
export const RECENT_IP_DAYS = 7;
export const NEW_IP_DAYS = 30;

/**
 * Admin IP summary across all users: unique IPs, places by unique IPs, recent IPs (7 days), new IPs per local day
 * (30 days). Places, new IPs and the count of recent IPs come from the rollups the ips triggers keep (migrations
 * IpSummaryRollups, IpSeenDaily), so the cost does not grow with the addresses seen; recent IPs read the newest 100
 * from the last_bucket index (migration IpLastBucket).
 * The lists are capped at 100; the totals (places, recent IPs) count them all.
 */
export class GetIpSummaryQuery extends Query<IpSummaryDto> {
  constructor(
    readonly offset: Zone,
    readonly now: Date = new Date(),
  ) {
    super();
  }
}

/** Counts arrive as bigint strings or numbers (json_agg); `num` reads both. */
interface IpSummaryRow {
  total: unknown;
  totalCountries: unknown;
  totalCities: unknown;
  totalRecentIPs: unknown;
  countries: { country: string; ipCount: unknown; clickCount: unknown }[];
  cities: { city: string; country: string; ipCount: unknown; clickCount: unknown }[];
  recent: { ipAddress: string; city: string | null; country: string | null; totalClicks: unknown; firstSeen: string; lastSeen: string }[];
  daily: { date: string; n: unknown }[];
}

@QueryHandler(GetIpSummaryQuery)
export class GetIpSummaryHandler implements IQueryHandler<GetIpSummaryQuery> {
  constructor(@Inject(READ_DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ offset, now }: GetIpSummaryQuery): Promise<IpSummaryDto> {
    const endDate = localDateString(now, offset);
    const startDate = addDays(endDate, -(NEW_IP_DAYS - 1));
    const p = new SqlParams();
    const since = new Date(now.getTime() - RECENT_IP_DAYS * DAY);
    const nextMidnight = new Date(Math.ceil(since.getTime() / DAY) * DAY);
    const [r] = await this.dataSource.query<IpSummaryRow[]>(
      `SELECT
         (SELECT coalesce(sum(ips), 0) FROM ip_places) AS total,
         (SELECT count(*) FROM (SELECT 1 FROM ip_places WHERE country <> '' GROUP BY country HAVING sum(ips) > 0) x) AS "totalCountries",
         (SELECT count(*) FROM (SELECT 1 FROM ip_places WHERE city <> '' GROUP BY city, country_code HAVING sum(ips) > 0) x) AS "totalCities",
         -- Without visiting every address: whole UTC days from ip_seen_daily, the partial first day from the index.
         ${partialDayCountSql('ips', 'TRUE', p, since, nextMidnight)}
           + (SELECT coalesce(sum(ips), 0) FROM ip_seen_daily WHERE day >= ${p.add(nextMidnight.toISOString().slice(0, 10))}::date)
           AS "totalRecentIPs",
         (SELECT coalesce(json_agg(x), '[]') FROM (
            SELECT country, sum(ips) AS "ipCount", sum(clicks) AS "clickCount" FROM ip_places
             WHERE country <> '' GROUP BY country HAVING sum(ips) > 0 ORDER BY 2 DESC, 1 LIMIT ${IP_SUMMARY_LIMIT}) x) AS countries,
         (SELECT coalesce(json_agg(x), '[]') FROM (
            SELECT city, max(country) AS country, sum(ips) AS "ipCount", sum(clicks) AS "clickCount" FROM ip_places
             WHERE city <> '' GROUP BY city, country_code HAVING sum(ips) > 0 ORDER BY 3 DESC, 1 LIMIT ${IP_SUMMARY_LIMIT}) x) AS cities,
         (SELECT coalesce(json_agg(x), '[]') FROM (
            SELECT ip AS "ipAddress", nullif(city, '') AS city, nullif(country, '') AS country, click_count AS "totalClicks",
                   first_seen AS "firstSeen", last_seen AS "lastSeen"
              FROM ips WHERE ${seenSinceSql('', p, since)}
             ORDER BY last_bucket DESC, last_seen DESC, ip LIMIT ${IP_SUMMARY_LIMIT}) x) AS recent,
         (SELECT coalesce(json_agg(x), '[]') FROM (
            SELECT to_char(${localDateExpr('bucket', offset, p)}, 'YYYY-MM-DD') AS date,
                   sum(ips) AS n
              FROM ip_first_seen_15m
             WHERE bucket >= ${p.add(localMidnight(startDate, offset))} AND bucket < ${p.add(localMidnight(addDays(endDate, 1), offset))}
             GROUP BY 1) x) AS daily`,
      p.values,
    );
    const daily = new Map<string, number>(r.daily.map((d: { date: string; n: unknown }) => [d.date, num(d.n)]));
    return {
      totalUniqueIPs: num(r.total),
      totalCountries: num(r.totalCountries),
      totalCities: num(r.totalCities),
      totalRecentIPs: num(r.totalRecentIPs),
      ipsByCountry: r.countries.map((c: any) => ({ country: c.country, ipCount: num(c.ipCount), clickCount: num(c.clickCount) })),
      ipsByCity: r.cities.map((c: any) => ({ city: c.city, country: c.country, ipCount: num(c.ipCount), clickCount: num(c.clickCount) })),
      recentIPs: r.recent.map((x: any) => ({ ...x, totalClicks: num(x.totalClicks), firstSeen: iso(x.firstSeen)!, lastSeen: iso(x.lastSeen)! })),
      dailyNewIPs: eachDate(startDate, endDate).map((date) => ({ date, newIPs: daily.get(date) ?? 0 })),
    };
  }
}
