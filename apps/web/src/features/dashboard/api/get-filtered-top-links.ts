import { MAX_RANGE_DAYS, type ClickFilters, type LinkDto, type PerformancePageDto } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { addDays, toYmd } from '../../../lib/dates';
import { withQueryError } from '../../../lib/query-error';
import { queryKeys } from '../../../lib/query-keys';
import { timezoneOffset } from '../../../lib/timezone';

/**
 * Under filters, Top Performance Links come from the performance call (one page of `count`): the links with the most
 * matching clicks over the longest range a call takes (the last year), their matching clicks of all time and today.
 */
export function getFilteredTopLinks(tz: number, count: number, filters: ClickFilters): Promise<PerformancePageDto<LinkDto>> {
  const today = new Date();
  return withQueryError('Failed to fetch links', () =>
    apiGet<PerformancePageDto<LinkDto>>('/api/analytics/performance', {
      params: {
        timezoneOffset: tz,
        startDate: toYmd(addDays(today, -(MAX_RANGE_DAYS - 1))),
        endDate: toYmd(today),
        limit: count,
        page: 1,
        ...filters,
      },
    }),
  );
}

export function useFilteredTopLinks(count: number, filters: ClickFilters, enabled: boolean, pollMs: number | false) {
  const tz = timezoneOffset();
  return useQuery({
    queryKey: queryKeys.dashboard('top-links', tz, count, filters),
    queryFn: () => getFilteredTopLinks(tz, count, filters),
    enabled,
    refetchInterval: pollMs,
  });
}
