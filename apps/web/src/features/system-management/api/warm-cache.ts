import type { WarmCacheResultDto } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiSend, notify, serverMessage } from '../../../lib';

/** POST /api/admin/system/warm-cache: every link written into the redirect cache. */
export const warmCache = () => apiSend<WarmCacheResultDto>('POST', '/api/admin/system/warm-cache');

export const warmedMessage = (n: number) => `${n} ${n === 1 ? 'link was' : 'links were'} loaded into the redirect cache.`;

export function useWarmCache() {
  return useMutation({
    mutationFn: warmCache,
    onSuccess: (r) => notify.success('Redirect Cache Warmed', warmedMessage(r.warmed)),
    onError: (error) => notify.error('Warm-up Failed', serverMessage(error) || 'Failed to warm the redirect cache'),
  });
}
