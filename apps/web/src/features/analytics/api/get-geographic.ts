import type { GeographicDto } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet, timezoneOffset } from '../../../lib';
import { isoParams, type DateRange } from '../lib/date-range';

export const geographicKey = (tz: number, start: string, end: string) => ['analytics', 'geographic', tz, start, end] as const;

/** GET /api/analytics/geographic?timezoneOffset&startDate&endDate (ISO instants). */
export async function getGeographic(tz: number, range: DateRange): Promise<GeographicDto> {
  try {
    return await apiGet<GeographicDto>('/api/analytics/geographic', { params: { timezoneOffset: tz, ...isoParams(range) } });
  } catch {
    throw new Error('Failed to fetch geographic data');
  }
}

export function useGeographic(range: DateRange, enabled = true) {
  const tz = timezoneOffset();
  const { startDate, endDate } = isoParams(range);
  return useQuery({ queryKey: geographicKey(tz, startDate, endDate), queryFn: () => getGeographic(tz, range), enabled });
}
