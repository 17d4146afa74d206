import type { ClickFilters, TrendPointDto } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../lib/api-client';
import { withQueryError } from '../lib/query-error';
import { timezoneOffset } from '../lib/timezone';
import { queryKeys } from '../lib/query-keys';

export function getTrends(tz: number, startDate?: string, endDate?: string, filters: ClickFilters = {}): Promise<TrendPointDto[]> {
  return withQueryError('Failed to fetch trends', () =>
    apiGet<TrendPointDto[]>('/api/analytics/trends', { params: { timezoneOffset: tz, startDate, endDate, ...filters } }),
  );
}

export function useTrends(startDate?: string, endDate?: string, pollMs: number | false = false, filters: ClickFilters = {}) {
  const tz = timezoneOffset();
  return useQuery({
    queryKey: queryKeys.trends(tz, startDate ?? null, endDate ?? null, filters),
    queryFn: () => getTrends(tz, startDate, endDate, filters),
    refetchInterval: pollMs,
  });
}
