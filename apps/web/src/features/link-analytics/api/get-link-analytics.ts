import type { ClickFilters, LinkAnalyticsDto } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { withQueryError } from '../../../lib/query-error';
import { timezoneOffset } from '../../../lib/timezone';
import type { DateRange } from '../lib/period';
import { queryKeys } from '../../../lib/query-keys';

export function getLinkAnalytics(id: string, tz: number, range: DateRange, filters: ClickFilters = {}): Promise<LinkAnalyticsDto> {
  return withQueryError('Failed to fetch link analytics', () =>
    apiGet<LinkAnalyticsDto>(`/api/links/${encodeURIComponent(id)}/analytics`, {
      params: { timezoneOffset: tz, startDate: range.start.toISOString(), endDate: range.end.toISOString(), ...filters },
    }),
  );
}

/** Fetches only when a range exists (custom waits for both dates). */
export function useLinkAnalytics(id: string, range: DateRange | null, filters: ClickFilters = {}) {
  const tz = timezoneOffset();
  const start = range?.start.toISOString() ?? null;
  const end = range?.end.toISOString() ?? null;
  return useQuery({
    queryKey: queryKeys.linkAnalytics(id, tz, start, end, filters),
    queryFn: () => getLinkAnalytics(id, tz, range!, filters),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}
