import { Query, type PipeTransform, type Type } from '@nestjs/common';
import { AppError } from '@app/contracts';
import { parseZone, resolveRange, type LocalRange, type Zone } from '@app/time';
import { OffsetQueryDto, PerformanceQueryDto, RangeQueryDto, RecentIpQueryDto } from './analytics-query.dto.js';
import { daysParam, intParam } from './query-params.js';

/** The window and page of Recent IP activity, validated (the caller's zone is checked but not needed). */
export interface RecentIpWindow {
  days: number;
  page: number;
  limit: number;
}

/**
 * `@Query()` that hands the route the parsed value instead of the raw strings. The parameter is declared to Nest
 * (and so to the global validation pipe and the OpenAPI document) as `dto`: unknown fields are refused and the query
 * parameters are documented as before; then `parse` turns the validated query into what the route needs, throwing
 * the same 400s as `@app/time` always has.
 */
function parsedQuery<Q, T>(dto: Type<Q>, parse: (q: Q) => T): ParameterDecorator {
  const pipe: PipeTransform<Q, T> = { transform: (q) => parse(q) };
  return (target, key, index) => {
    if (key === undefined) throw new Error('parsed query decorators go on route methods');
    const types: unknown[] = [...((Reflect.getMetadata('design:paramtypes', target, key) as unknown[] | undefined) ?? [])];
    types[index] = dto;
    Reflect.defineMetadata('design:paramtypes', types, target, key);
    Query(pipe)(target, key, index);
  };
}

/** `timezoneOffset` / `timeZone` → the caller's zone. */
export const LocalZone = (): ParameterDecorator => parsedQuery(OffsetQueryDto, (q): Zone => parseZone(q));

/** Zone + `startDate`/`endDate` → the inclusive local range (default: the last `defaultDays` days ending today). */
export const LocalRangeQuery = (defaultDays: number): ParameterDecorator =>
  parsedQuery(RangeQueryDto, (q): LocalRange => resolveRange(q, parseZone(q), defaultDays));

/** The Performance tab's range and, with `limit`, its page. */
export interface PerformanceWindow {
  range: LocalRange;
  page?: { page: number; limit: number };
}

/** Zone + range as LocalRangeQuery, plus `limit` (1 to 100) and `page` (from 1): a page of the table when limit is given. */
export const PerformanceQuery = (defaultDays: number): ParameterDecorator =>
  parsedQuery(PerformanceQueryDto, (q): PerformanceWindow => {
    const range = resolveRange(q, parseZone(q), defaultDays);
    if (q.limit === undefined || q.limit === '') {
      if (q.page !== undefined && q.page !== '') throw new AppError(400, 'page needs limit (1 to 100 links per page).');
      return { range };
    }
    return { range, page: { limit: intParam(q.limit, 'limit', 1, 100, 25), page: intParam(q.page, 'page', 1, 1_000_000, 1) } };
  });

/** Zone (validated only) + `days` (7, 14 or 30), `page` (from 1) and `limit` (1 to 100). */
export const RecentIpQuery = (): ParameterDecorator =>
  parsedQuery(RecentIpQueryDto, (q): RecentIpWindow => {
    parseZone(q);
    return { days: daysParam(q.days), page: intParam(q.page, 'page', 1, 100_000, 1), limit: intParam(q.limit, 'limit', 1, 100, 10) };
  });
