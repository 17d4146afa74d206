import type { SystemStatusDto } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/admin/system: click queue, maintenance queue, live workers; refreshed every 5 s while visible. */
export const getSystemStatus = () => apiGet<SystemStatusDto>('/api/admin/system');

export function useSystemStatus(live: boolean) {
  return useQuery({ queryKey: queryKeys.systemStatus.all, queryFn: getSystemStatus, refetchInterval: live ? 5_000 : false });
}
