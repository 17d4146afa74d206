import type { TrendPointDto } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet, timezoneOffset } from '../../../lib';
import { isoParams, type DateRange } from '../lib/date-range';

export const analyticsTrendsKey = (tz: number, start: string, end: string) => ['analytics', 'trends', tz, start, end] as const;

/** GET /api/analytics/trends?timezoneOffset&startDate&endDate (ISO instants). */
export async function getAnalyticsTrends(tz: number, range: DateRange): Promise<TrendPointDto[]> {
  try {
    return await apiGet<TrendPointDto[]>('/api/analytics/trends', { params: { timezoneOffset: tz, ...isoParams(range) } });
  } catch {
    throw new Error('Failed to fetch trends');
  }
}

export function useAnalyticsTrends(range: DateRange) {
  const tz = timezoneOffset();
  const { startDate, endDate } = isoParams(range);
  return useQuery({ queryKey: analyticsTrendsKey(tz, startDate, endDate), queryFn: () => getAnalyticsTrends(tz, range) });
}
