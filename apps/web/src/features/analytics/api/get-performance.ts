import type { LinkDto } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet, timezoneOffset } from '../../../lib';
import { ymdParams, type DateRange } from '../lib/date-range';

export type PerformanceLink = LinkDto & { clicksInRange: number };

export const performanceKey = (tz: number, start: string, end: string) => ['analytics', 'performance', tz, start, end] as const;

/** GET /api/analytics/performance?timezoneOffset&startDate&endDate (YYYY-MM-DD). */
export async function getPerformance(tz: number, range: DateRange): Promise<PerformanceLink[]> {
  try {
    return await apiGet<PerformanceLink[]>('/api/analytics/performance', { params: { timezoneOffset: tz, ...ymdParams(range) } });
  } catch {
    throw new Error('Failed to fetch performance data');
  }
}

export function usePerformance(range: DateRange, enabled = true) {
  const tz = timezoneOffset();
  const { startDate, endDate } = ymdParams(range);
  return useQuery({ queryKey: performanceKey(tz, startDate, endDate), queryFn: () => getPerformance(tz, range), enabled });
}
