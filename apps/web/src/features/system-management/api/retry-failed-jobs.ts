import type { RetryFailedResultDto } from '@app/contracts';
import { apiSend } from '../../../lib';
import { apiMutationHook } from '../../../lib/use-api-mutation';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/admin/system/retry-failed */
export const retryFailedJobs = () => apiSend<RetryFailedResultDto>('POST', '/api/admin/system/retry-failed');

export const retriedMessage = (n: number) => `${n} failed ${n === 1 ? 'job was' : 'jobs were'} put back on the click queue.`;

export const useRetryFailedJobs = apiMutationHook({
  mutationFn: retryFailedJobs,
  success: (r) => ['Failed Jobs Retried', retriedMessage(r.retried)],
  failure: ['Retry Failed', 'Failed to retry failed jobs'],
  invalidates: [queryKeys.systemStatus.all, queryKeys.health.all],
});
