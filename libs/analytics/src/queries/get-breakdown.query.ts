import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { READ_DATA_SOURCE } from '@app/database';
import { BREAKDOWN_LIMIT, DIRECT_REFERRER, type BreakdownDimension, type BreakdownDto, type ClickFilters } from '@app/contracts';
import type { LocalRange } from '@app/time';
import { filteredRangeSql } from '../filters/click-source.js';
import type { Scope } from '../scope.js';
import { ScopedRangeQuery } from './scoped-range-query.js';
import { SqlParams } from '../sql-params.js';
import { num } from '../rows.js';

/**
 * How each dimension is read: the columns selected from the clicks' source (decision 0008 picks it), the value (what
 * the filter of the same name takes) and the label (any row's: one per value); the link dimensions join the link. '' is unknown (direct for
 * the referrer, none for a UTM value).
 */
const DIMENSIONS: Record<BreakdownDimension, { columns: string; value: string; label: string; join?: string }> = {
  country: { columns: 'country_code, country', value: 'country_code', label: `coalesce(nullif(country, ''), 'Unknown')` },
  region: { columns: 'region', value: 'region', label: `coalesce(nullif(region, ''), 'Unknown')` },
  city: { columns: 'city', value: 'city', label: `coalesce(nullif(city, ''), 'Unknown')` },
  device: { columns: 'device', value: 'device', label: `coalesce(nullif(device, ''), 'Unknown')` },
  browser: { columns: 'browser', value: 'browser', label: `coalesce(nullif(browser, ''), 'Unknown')` },
  os: { columns: 'os', value: 'os', label: `coalesce(nullif(os, ''), 'Unknown')` },
  referrer: {
    columns: 'referrer',
    value: `CASE WHEN referrer = '' THEN '${DIRECT_REFERRER}' ELSE referrer END`,
    label: `CASE WHEN referrer = '' THEN 'Direct' ELSE referrer END`,
  },
  language: { columns: 'language', value: 'language', label: `coalesce(nullif(language, ''), 'Unknown')` },
  link: { columns: 'link_id', value: 'link_id::text', label: 'l.name', join: 'JOIN links l ON l.id = r.link_id' },
  tag: { columns: 'link_id', value: 'tag', label: 'tag', join: 'JOIN links l ON l.id = r.link_id CROSS JOIN LATERAL unnest(l.tags) AS tag' },
  utmSource: { columns: 'link_id', ...utm('source') },
  utmMedium: { columns: 'link_id', ...utm('medium') },
  utmCampaign: { columns: 'link_id', ...utm('campaign') },
};

function utm(key: string) {
  const value = `coalesce(l.controls->'utm'->>'${key}', '')`;
  return { value, label: `coalesce(nullif(${value}, ''), 'None')`, join: 'JOIN links l ON l.id = r.link_id' };
}

/**
 * Clicks in the range (matching the filters) by one dimension: the top 50 values by clicks, ties by value (byte
 * order), and `total`, the clicks of every value (a click of a link with two tags counts once for each tag).
 */
export class GetBreakdownQuery extends ScopedRangeQuery<BreakdownDto> {
  constructor(
    scope: Scope,
    range: LocalRange,
    readonly dimension: BreakdownDimension,
    filters: ClickFilters = {},
  ) {
    super(scope, range, filters);
  }
}

@QueryHandler(GetBreakdownQuery)
export class GetBreakdownHandler implements IQueryHandler<GetBreakdownQuery> {
  constructor(@Inject(READ_DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ scope, range, dimension, filters }: GetBreakdownQuery): Promise<BreakdownDto> {
    const d = DIMENSIONS[dimension];
    const p = new SqlParams();
    const [row] = await this.dataSource.query<{ total: string; items: { value: string; label: string; clicks: string }[] }[]>(
      `WITH v AS (
         SELECT ${d.value} COLLATE "C" AS value, max(${d.label}) AS label, sum(clicks) AS clicks
           FROM (${filteredRangeSql(range, p, d.columns, scope, filters)}) r ${d.join ?? ''}
          GROUP BY 1 HAVING sum(clicks) > 0
       )
       SELECT (SELECT coalesce(sum(clicks), 0) FROM v) AS total,
              (SELECT coalesce(json_agg(x ORDER BY x.clicks DESC, x.value), '[]') FROM (
                 SELECT value, label, clicks FROM v ORDER BY clicks DESC, value LIMIT ${BREAKDOWN_LIMIT}) x) AS items`,
      p.values,
    );
    return { dimension, total: num(row.total), items: row.items.map((i) => ({ value: i.value, label: i.label, clicks: num(i.clicks) })) };
  }
}
