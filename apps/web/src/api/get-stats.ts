import type { StatsDto } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../lib/api-client';
import { withQueryError } from '../lib/query-error';
import { timezoneOffset } from '../lib/timezone';

export const statsKey = (tz: number) => ['stats', tz] as const;

export function getStats(tz: number): Promise<StatsDto> {
  return withQueryError('Failed to fetch stats', () => apiGet<StatsDto>('/api/analytics/stats', { params: { timezoneOffset: tz } }));
}

export function useStats(pollMs: number | false = false) {
  const tz = timezoneOffset();
  return useQuery({ queryKey: statsKey(tz), queryFn: () => getStats(tz), refetchInterval: pollMs, refetchIntervalInBackground: false });
}
