import type { ClickFilters, LinkAnalyticsDto } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { withQueryError } from '../../../lib/query-error';
import { timezoneOffset } from '../../../lib/timezone';
import type { LinkRange, Period } from '../lib/period';
import { queryKeys } from '../../../lib/query-keys';

/** The range's dates, or `period=all`; a range also brings the period before (compare=previous) for the stat cards. */
const rangeParams = (range: LinkRange) =>
  range === 'all' ? { period: 'all' } : { startDate: range.start.toISOString(), endDate: range.end.toISOString(), compare: 'previous' };

export function getLinkAnalytics(id: string, tz: number, range: LinkRange, filters: ClickFilters = {}): Promise<LinkAnalyticsDto> {
  return withQueryError('Failed to fetch link analytics', () =>
    apiGet<LinkAnalyticsDto>(`/api/links/${encodeURIComponent(id)}/analytics`, {
      params: { timezoneOffset: tz, ...rangeParams(range), ...filters },
    }),
  );
}

/** The analytics of one period: `period` names it (the figures on screen keep their name while the next period loads). */
export type LinkAnalyticsOfPeriod = LinkAnalyticsDto & { period: Period };

/** Fetches only when a range exists (custom waits for both dates). */
export function useLinkAnalytics(id: string, period: Period, range: LinkRange | null, filters: ClickFilters = {}) {
  const tz = timezoneOffset();
  const start = range === 'all' ? 'all' : (range?.start.toISOString() ?? null);
  const end = range === 'all' ? 'all' : (range?.end.toISOString() ?? null);
  return useQuery({
    queryKey: queryKeys.linkAnalytics(id, tz, period, start, end, filters),
    queryFn: async (): Promise<LinkAnalyticsOfPeriod> => ({ ...(await getLinkAnalytics(id, tz, range!, filters)), period }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}
