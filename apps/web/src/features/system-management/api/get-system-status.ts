import type { SystemStatusDto } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib';

export const systemStatusKey = ['system-status'] as const;

/** GET /api/admin/system: click queue, maintenance queue, live workers; refreshed every 5 s while visible. */
export const getSystemStatus = () => apiGet<SystemStatusDto>('/api/admin/system');

export function useSystemStatus(live: boolean) {
  return useQuery({ queryKey: systemStatusKey, queryFn: getSystemStatus, refetchInterval: live ? 5_000 : false });
}
