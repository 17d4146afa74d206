import type { BreakdownDimension, BreakdownDto, ClickFilters } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../lib/api-client';
import { withQueryError } from '../lib/query-error';
import { timezoneOffset } from '../lib/timezone';
import { queryKeys } from '../lib/query-keys';

/** GET /api/analytics/breakdown: the top values of one dimension in the range (YYYY-MM-DD), under the filters. */
export function getBreakdown(tz: number, dimension: BreakdownDimension, startDate: string, endDate: string, filters: ClickFilters) {
  return withQueryError('Failed to fetch breakdown', () =>
    apiGet<BreakdownDto>('/api/analytics/breakdown', { params: { timezoneOffset: tz, dimension, startDate, endDate, ...filters } }),
  );
}

export function useBreakdown(dimension: BreakdownDimension, startDate: string, endDate: string, filters: ClickFilters, enabled = true) {
  const tz = timezoneOffset();
  return useQuery({
    queryKey: queryKeys.analytics('breakdown', tz, dimension, startDate, endDate, filters),
    queryFn: () => getBreakdown(tz, dimension, startDate, endDate, filters),
    enabled,
  });
}
