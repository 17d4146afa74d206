import type { RecentIpActivityDto } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib';
import { queryKeys } from '../../../lib/query-keys';

export const RECENT_IP_PAGE_SIZE = 10;

/** GET /api/analytics/recent-ip-activity?days&page&limit=10 */
export function getRecentIpActivity(days: number, page: number): Promise<RecentIpActivityDto> {
  return apiGet<RecentIpActivityDto>('/api/analytics/recent-ip-activity', { params: { days, page, limit: RECENT_IP_PAGE_SIZE } });
}

/** One page of records and the window they come from (`days`): while the next answer loads, the shown one stays. */
export type RecentIpActivityPage = RecentIpActivityDto & { days: number };

export function useRecentIpActivity(days: number, page: number) {
  return useQuery({
    queryKey: queryKeys.recentIpActivity(days, page),
    queryFn: async (): Promise<RecentIpActivityPage> => ({ ...(await getRecentIpActivity(days, page)), days }),
    placeholderData: keepPreviousData,
  });
}
