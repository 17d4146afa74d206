import type { WarmCacheResultDto } from '@app/contracts';
import { apiSend } from '../../../lib';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** POST /api/admin/system/warm-cache: every link written into the redirect cache. */
export const warmCache = () => apiSend<WarmCacheResultDto>('POST', '/api/admin/system/warm-cache');

export const warmedMessage = (n: number) => `${n} ${n === 1 ? 'link was' : 'links were'} loaded into the redirect cache.`;

export function useWarmCache() {
  return useApiMutation({
    mutationFn: warmCache,
    success: (r) => ['Redirect Cache Warmed', warmedMessage(r.warmed)],
    failure: ['Warm-up Failed', 'Failed to warm the redirect cache'],
  });
}
