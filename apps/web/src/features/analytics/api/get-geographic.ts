import type { GeographicDto } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet, timezoneOffset } from '../../../lib';
import { withQueryError } from '../../../lib/query-error';
import { isoParams, type DateRange } from '../lib/date-range';

export const geographicKey = (tz: number, start: string, end: string) => ['analytics', 'geographic', tz, start, end] as const;

/** GET /api/analytics/geographic?timezoneOffset&startDate&endDate (ISO instants). */
export function getGeographic(tz: number, range: DateRange): Promise<GeographicDto> {
  return withQueryError('Failed to fetch geographic data', () =>
    apiGet<GeographicDto>('/api/analytics/geographic', { params: { timezoneOffset: tz, ...isoParams(range) } }),
  );
}

export function useGeographic(range: DateRange, enabled = true) {
  const tz = timezoneOffset();
  const { startDate, endDate } = isoParams(range);
  return useQuery({ queryKey: geographicKey(tz, startDate, endDate), queryFn: () => getGeographic(tz, range), enabled });
}
