import type { ClickFilters, StatsDto } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../lib/api-client';
import { withQueryError } from '../lib/query-error';
import { timezoneOffset } from '../lib/timezone';
import { queryKeys } from '../lib/query-keys';

/** The stat cards; with filters, of the matching clicks; always with the period before (compare=previous). */
export function getStats(tz: number, filters: ClickFilters = {}): Promise<StatsDto> {
  return withQueryError('Failed to fetch stats', () =>
    apiGet<StatsDto>('/api/analytics/stats', { params: { timezoneOffset: tz, compare: 'previous', ...filters } }),
  );
}

export function useStats(pollMs: number | false = false, filters: ClickFilters = {}) {
  const tz = timezoneOffset();
  return useQuery({
    queryKey: queryKeys.stats(tz, filters),
    queryFn: () => getStats(tz, filters),
    refetchInterval: pollMs,
  });
}
