import type { IpSummaryDto } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/admin/ip-summary: refetched every 30 s while the tab is visible. */
export const getIpSummary = () => apiGet<IpSummaryDto>('/api/admin/ip-summary');

export function useIpSummary(live: boolean) {
  return useQuery({
    queryKey: queryKeys.ipSummary.all,
    queryFn: getIpSummary,
    refetchInterval: live ? 30_000 : false,
  });
}
