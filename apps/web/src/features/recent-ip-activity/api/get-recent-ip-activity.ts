import type { RecentIpActivityDto } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib';
import { queryKeys } from '../../../lib/query-keys';

export const RECENT_IP_PAGE_SIZE = 10;

/** GET /api/analytics/recent-ip-activity?days&page&limit=10 */
export function getRecentIpActivity(days: number, page: number): Promise<RecentIpActivityDto> {
  return apiGet<RecentIpActivityDto>('/api/analytics/recent-ip-activity', { params: { days, page, limit: RECENT_IP_PAGE_SIZE } });
}

export function useRecentIpActivity(days: number, page: number) {
  return useQuery({
    queryKey: queryKeys.recentIpActivity(days, page),
    queryFn: () => getRecentIpActivity(days, page),
    placeholderData: keepPreviousData,
  });
}
