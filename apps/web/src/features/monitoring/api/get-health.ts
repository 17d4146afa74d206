import type { HealthDto } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/health: refetched every 30 s, retried once (docs/product.md#calls). */
export const getHealth = () => apiGet<HealthDto>('/api/health');

export function useHealth() {
  return useQuery({ queryKey: queryKeys.health.all, queryFn: getHealth, refetchInterval: 30_000, retry: 1 });
}
