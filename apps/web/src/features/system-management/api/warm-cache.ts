import type { WarmCacheResultDto } from '@app/contracts';
import { apiSend } from '../../../lib';
import { apiMutationHook } from '../../../lib/use-api-mutation';

export const warmedMessage = (n: number) => `${n} ${n === 1 ? 'link was' : 'links were'} loaded into the redirect cache.`;

/** POST /api/admin/system/warm-cache: every link written into the redirect cache. */
export const useWarmCache = apiMutationHook({
  mutationFn: () => apiSend<WarmCacheResultDto>('POST', '/api/admin/system/warm-cache'),
  success: (r) => ['Redirect Cache Warmed', warmedMessage(r.warmed)],
  failure: ['Warm-up Failed', 'Failed to warm the redirect cache'],
});
