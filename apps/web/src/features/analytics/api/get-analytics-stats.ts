import type { StatsDto } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet, timezoneOffset } from '../../../lib';

export const analyticsStatsKey = (tz: number) => ['analytics', 'stats', tz] as const;

/** GET /api/analytics/stats?timezoneOffset */
export async function getAnalyticsStats(tz: number): Promise<StatsDto> {
  try {
    return await apiGet<StatsDto>('/api/analytics/stats', { params: { timezoneOffset: tz } });
  } catch {
    throw new Error('Failed to fetch stats');
  }
}

export function useAnalyticsStats() {
  const tz = timezoneOffset();
  return useQuery({ queryKey: analyticsStatsKey(tz), queryFn: () => getAnalyticsStats(tz) });
}
