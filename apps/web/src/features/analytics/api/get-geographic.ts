import type { ClickFilters, GeographicDto } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet, timezoneOffset } from '../../../lib';
import { withQueryError } from '../../../lib/query-error';
import { queryKeys } from '../../../lib/query-keys';
import { isoParams, type DateRange } from '../lib/date-range';

/** GET /api/analytics/geographic?timezoneOffset&startDate&endDate (ISO instants). */
export function getGeographic(tz: number, range: DateRange, filters: ClickFilters = {}): Promise<GeographicDto> {
  return withQueryError('Failed to fetch geographic data', () =>
    apiGet<GeographicDto>('/api/analytics/geographic', { params: { timezoneOffset: tz, ...isoParams(range), ...filters } }),
  );
}

export function useGeographic(range: DateRange, enabled = true, filters: ClickFilters = {}) {
  const tz = timezoneOffset();
  const { startDate, endDate } = isoParams(range);
  return useQuery({
    queryKey: queryKeys.analytics('geographic', tz, startDate, endDate, filters),
    queryFn: () => getGeographic(tz, range, filters),
    enabled,
  });
}
