import type { ClickFilters, DailySummaryItemDto } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { withQueryError } from '../../../lib/query-error';
import { timezoneOffset } from '../../../lib/timezone';
import { queryKeys } from '../../../lib/query-keys';

export const DAILY_SUMMARY_POLL_MS = 30_000;
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
    queryKey: queryKeys.dailySummary(tz, startDate ?? null, endDate ?? null, filters),
    queryFn: () => getDailySummary(tz, startDate, endDate, filters),
    refetchInterval: DAILY_SUMMARY_POLL_MS,
  });
}
