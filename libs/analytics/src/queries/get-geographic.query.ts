import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { READ_DATA_SOURCE } from '@app/database';
import type { GeographicDto } from '@app/contracts';
import { filteredRangeSql } from '../filters/click-source.js';
import { ScopedRangeQuery } from './scoped-range-query.js';
import { SqlParams } from '../sql-params.js';
import { num } from '../rows.js';

export const GEO_LIMIT = 100;

/** Clicks in the range by country, city and region (known places only, with clicks in the range), most clicks first. */
export class GetGeographicQuery extends ScopedRangeQuery<GeographicDto> {}

@QueryHandler(GetGeographicQuery)
export class GetGeographicHandler implements IQueryHandler<GetGeographicQuery> {
  constructor(@Inject(READ_DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ scope, range, filters }: GetGeographicQuery): Promise<GeographicDto> {
    const p = new SqlParams();
    // Unfiltered: whole days from the per-owner monthly cumulative rows, partial days from the per-owner 15-minute
    // rows; filtered: the source decision 0008 picks. `g` is already one row per city (country, region, city), so the
    // cities are its top rows; its country is the same name on every row of a place, compared bytewise (COLLATE "C").
    // At 11M clicks this read sums ~30,000 rows (docs/performance-history.md, "Geography at 11M").
    const rows = filteredRangeSql(range, p, 'country_code, country, region, city', scope, filters);
    type Place = { clicks: unknown };
    const [r] = await this.dataSource.query<
      {
        countries: (Place & { country: string; countryCode: string })[];
        cities: (Place & { city: string; country: string })[];
        regions: (Place & { region: string; country: string })[];
      }[]
    >(
      `WITH g AS (
         SELECT country_code, max(country COLLATE "C") AS country, region, city, sum(clicks)::bigint AS clicks FROM (${rows}) r
          WHERE country_code <> '' GROUP BY country_code, region, city HAVING sum(clicks) > 0
       )
       SELECT
         (SELECT coalesce(json_agg(x ORDER BY x.clicks DESC, x.country), '[]') FROM (
            SELECT max(country) AS country, country_code AS "countryCode", sum(clicks) AS clicks FROM g
             GROUP BY country_code ORDER BY 3 DESC, 1 LIMIT ${GEO_LIMIT}) x) AS countries,
         (SELECT coalesce(json_agg(x ORDER BY x.clicks DESC, x.city), '[]') FROM (
            SELECT city, country, clicks FROM g WHERE city <> '' ORDER BY 3 DESC, 1 LIMIT ${GEO_LIMIT}) x) AS cities,
         (SELECT coalesce(json_agg(x ORDER BY x.clicks DESC, x.region), '[]') FROM (
            SELECT region, max(country) AS country, sum(clicks) AS clicks FROM g WHERE region <> ''
             GROUP BY country_code, region ORDER BY 3 DESC, 1 LIMIT ${GEO_LIMIT}) x) AS regions`,
      p.values,
    );
    const fix = <T extends { clicks: unknown }>(list: T[]) => list.map((x) => ({ ...x, clicks: num(x.clicks) }));
    return { countries: fix(r.countries), cities: fix(r.cities), regions: fix(r.regions) };
  }
}
