import type { ClickFilters, LinkDto, PerformancePageDto } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, timezoneOffset } from '../../../lib';
import { withQueryError } from '../../../lib/query-error';
import { queryKeys } from '../../../lib/query-keys';
import { ymdParams, type DateRange } from '../lib/date-range';

export type PerformanceLink = LinkDto & { clicksInRange: number };
export type PerformancePage = PerformancePageDto<PerformanceLink>;

/** Which page of the table: most clicked in the range first (docs/product.md#many-links: never every link). */
export interface PerformanceSlice {
  page: number;
  limit: number;
}

/** GET /api/analytics/performance?timezoneOffset&startDate&endDate (YYYY-MM-DD)&limit&page: one page and the Total Summary. */
export function getPerformancePage(tz: number, range: DateRange, filters: ClickFilters, slice: PerformanceSlice): Promise<PerformancePage> {
  return withQueryError('Failed to fetch performance data', () =>
    apiGet<PerformancePage>('/api/analytics/performance', { params: { timezoneOffset: tz, ...ymdParams(range), ...filters, ...slice } }),
  );
}

/** One page of the Performance table (the Overview's top links are its first small page). */
export function usePerformancePage(range: DateRange, slice: PerformanceSlice, enabled = true, filters: ClickFilters = {}) {
  const tz = timezoneOffset();
  const { startDate, endDate } = ymdParams(range);
  return useQuery({
    queryKey: queryKeys.analytics('performance', tz, startDate, endDate, filters, slice),
    queryFn: () => getPerformancePage(tz, range, filters, slice),
    enabled,
    placeholderData: keepPreviousData,
  });
}
