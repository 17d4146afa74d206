import type { ClickFilters, DailySummaryItemDto } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { withQueryError } from '../../../lib/query-error';
import { timezoneOffset } from '../../../lib/timezone';

export const DAILY_SUMMARY_POLL_MS = 30_000;
export const dailySummaryKey = (tz: number, startDate?: string, endDate?: string, filters: ClickFilters = {}) =>
  ['daily-summary', tz, startDate ?? null, endDate ?? null, filters] as const;

/** startDate and endDate are sent only when both are set (docs/product.md#calls); the filters as they are. */
export function getDailySummary(tz: number, startDate?: string, endDate?: string, filters: ClickFilters = {}): Promise<DailySummaryItemDto[]> {
  const both = Boolean(startDate && endDate);
  return withQueryError(
    (status) => `Failed to fetch daily summary: ${status}`,
    () =>
      apiGet<DailySummaryItemDto[]>('/api/analytics/daily-summary', {
        params: { timezoneOffset: tz, startDate: both ? startDate : undefined, endDate: both ? endDate : undefined, ...filters },
      }),
  );
}

export function useDailySummary(startDate?: string, endDate?: string, filters: ClickFilters = {}) {
  const tz = timezoneOffset();
  return useQuery({
    queryKey: dailySummaryKey(tz, startDate, endDate, filters),
    queryFn: () => getDailySummary(tz, startDate, endDate, filters),
    refetchInterval: DAILY_SUMMARY_POLL_MS,
    refetchIntervalInBackground: false,
  });
}
