import type { TrendPointDto } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../lib/api-client';
import { withQueryError } from '../lib/query-error';
import { timezoneOffset } from '../lib/timezone';

export const trendsKey = (tz: number, startDate?: string, endDate?: string) => ['trends', tz, startDate ?? null, endDate ?? null] as const;

export function getTrends(tz: number, startDate?: string, endDate?: string): Promise<TrendPointDto[]> {
  return withQueryError('Failed to fetch trends', () =>
    apiGet<TrendPointDto[]>('/api/analytics/trends', { params: { timezoneOffset: tz, startDate, endDate } }),
  );
}

export function useTrends(startDate?: string, endDate?: string, pollMs: number | false = false) {
  const tz = timezoneOffset();
  return useQuery({
    queryKey: trendsKey(tz, startDate, endDate),
    queryFn: () => getTrends(tz, startDate, endDate),
    refetchInterval: pollMs,
    refetchIntervalInBackground: false,
  });
}
