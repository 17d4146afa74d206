import { Query, type PipeTransform, type Type } from '@nestjs/common';
import { AppError, type BreakdownDimension, type ClickFilters } from '@app/contracts';
import { parseZone, resolveRange, type LocalRange, type Zone } from '@app/time';
import { OffsetQueryDto, RangeQueryDto } from './analytics-query.dto.js';
import { daysParam, intParam } from './query-params.js';
import {
  BreakdownQueryDto,
  ComparedRangeQueryDto,
  ComparedZoneQueryDto,
  FilteredRangeQueryDto,
  FilteredRecentIpQueryDto,
  LinkAnalyticsQueryDto,
  PerformanceQueryDto,
  parseCompare,
  parseDimension,
  parseFilters,
} from './filter-query.js';

/** The window, page and filters of Recent IP activity, validated (the caller's zone is checked but not needed). */
export interface RecentIpWindow {
  days: number;
  page: number;
  limit: number;
  filters: ClickFilters;
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

/** Zone (validated only) + `days` (7, 14 or 30), `page` (from 1), `limit` (1 to 100) and the filters. */
export const RecentIpQuery = (): ParameterDecorator =>
  parsedQuery(FilteredRecentIpQueryDto, (q): RecentIpWindow => {
    parseZone(q);
    return {
      days: daysParam(q.days),
      page: intParam(q.page, 'page', 1, 100_000, 1),
      limit: intParam(q.limit, 'limit', 1, 100, 10),
      filters: parseFilters(q),
    };
  });

/** A range and the filters (docs/architecture.md, "Analytics filters"). */
export interface FilteredRange {
  range: LocalRange;
  filters: ClickFilters;
}
/** …and whether the period just before is wanted too (`compare=previous`). */
export interface ComparedRange extends FilteredRange {
  compare: boolean;
}
export interface ComparedZone {
  zone: Zone;
  filters: ClickFilters;
  compare: boolean;
}

/** LocalRangeQuery plus the filters. */
export const FilteredRangeQuery = (defaultDays: number): ParameterDecorator =>
  parsedQuery(FilteredRangeQueryDto, (q): FilteredRange => ({ range: resolveRange(q, parseZone(q), defaultDays), filters: parseFilters(q) }));
/** The Performance tab: FilteredRangeQuery plus, with `limit` (1 to 100), the page (from 1). */
export interface PerformanceWindow extends FilteredRange {
  page?: { page: number; limit: number };
}
export const PerformanceQuery = (defaultDays: number): ParameterDecorator =>
  parsedQuery(PerformanceQueryDto, (q): PerformanceWindow => {
    const window = { range: resolveRange(q, parseZone(q), defaultDays), filters: parseFilters(q) };
    if (q.limit === undefined || q.limit === '') {
      if (q.page !== undefined && q.page !== '') throw new AppError(400, 'page needs limit (1 to 100 links per page).');
      return window;
    }
    return { ...window, page: { limit: intParam(q.limit, 'limit', 1, 100, 25), page: intParam(q.page, 'page', 1, 1_000_000, 1) } };
  });
/** LocalRangeQuery plus the filters and `compare`. */
export const ComparedRangeQuery = (defaultDays: number): ParameterDecorator =>
  parsedQuery(ComparedRangeQueryDto, (q): ComparedRange => ({
    range: resolveRange(q, parseZone(q), defaultDays),
    filters: parseFilters(q),
    compare: parseCompare(q.compare),
  }));
/** Link Analytics: a ComparedRange, or with `period=all` every day since the link's creation (`allTime`, the zone). */
export type LinkWindow = ComparedRange | { allTime: Zone; filters: ClickFilters };
export const LinkAnalyticsRangeQuery = (defaultDays: number): ParameterDecorator =>
  parsedQuery(LinkAnalyticsQueryDto, (q): LinkWindow => {
    if (q.period === undefined || q.period === '') {
      return { range: resolveRange(q, parseZone(q), defaultDays), filters: parseFilters(q), compare: parseCompare(q.compare) };
    }
    if (q.period !== 'all') throw new AppError(400, 'period must be all.');
    if (q.startDate || q.endDate || q.compare) throw new AppError(400, 'period=all takes no startDate, endDate or compare.');
    return { allTime: parseZone(q), filters: parseFilters(q) };
  });
/** LocalZone plus the filters and `compare`. */
export const ComparedZoneQuery = (): ParameterDecorator =>
  parsedQuery(ComparedZoneQueryDto, (q): ComparedZone => ({ zone: parseZone(q), filters: parseFilters(q), compare: parseCompare(q.compare) }));
/** FilteredRangeQuery plus the breakdown's `dimension`. */
export const BreakdownRangeQuery = (defaultDays: number): ParameterDecorator =>
  parsedQuery(BreakdownQueryDto, (q): FilteredRange & { dimension: BreakdownDimension } => ({
    dimension: parseDimension(q.dimension),
    range: resolveRange(q, parseZone(q), defaultDays),
    filters: parseFilters(q),
  }));
