import type { LinkAnalyticsDto } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { withQueryError } from '../../../lib/query-error';
import { timezoneOffset } from '../../../lib/timezone';
import type { DateRange } from '../lib/period';

export const linkAnalyticsKey = (id: string, tz: number, start: string | null, end: string | null) => ['link-analytics', id, tz, start, end] as const;

export function getLinkAnalytics(id: string, tz: number, range: DateRange): Promise<LinkAnalyticsDto> {
  return withQueryError('Failed to fetch link analytics', () =>
    apiGet<LinkAnalyticsDto>(`/api/links/${encodeURIComponent(id)}/analytics`, {
      params: { timezoneOffset: tz, startDate: range.start.toISOString(), endDate: range.end.toISOString() },
    }),
  );
}

/** Fetches only when a range exists (custom waits for both dates). */
export function useLinkAnalytics(id: string, range: DateRange | null) {
  const tz = timezoneOffset();
  const start = range?.start.toISOString() ?? null;
  const end = range?.end.toISOString() ?? null;
  return useQuery({
    queryKey: linkAnalyticsKey(id, tz, start, end),
    queryFn: () => getLinkAnalytics(id, tz, range!),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}
