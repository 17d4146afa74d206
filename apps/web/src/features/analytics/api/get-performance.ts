import type { ClickFilters, LinkDto } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet, timezoneOffset } from '../../../lib';
import { withQueryError } from '../../../lib/query-error';
import { queryKeys } from '../../../lib/query-keys';
import { ymdParams, type DateRange } from '../lib/date-range';

export type PerformanceLink = LinkDto & { clicksInRange: number };

/** GET /api/analytics/performance?timezoneOffset&startDate&endDate (YYYY-MM-DD). */
export function getPerformance(tz: number, range: DateRange, filters: ClickFilters = {}): Promise<PerformanceLink[]> {
  return withQueryError('Failed to fetch performance data', () =>
    apiGet<PerformanceLink[]>('/api/analytics/performance', { params: { timezoneOffset: tz, ...ymdParams(range), ...filters } }),
  );
}

export function usePerformance(range: DateRange, enabled = true, filters: ClickFilters = {}) {
  const tz = timezoneOffset();
  const { startDate, endDate } = ymdParams(range);
  return useQuery({
    queryKey: queryKeys.analytics('performance', tz, startDate, endDate, filters),
    queryFn: () => getPerformance(tz, range, filters),
    enabled,
  });
}
