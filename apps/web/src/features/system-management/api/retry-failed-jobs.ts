import type { RetryFailedResultDto } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend, notify, serverMessage } from '../../../lib';
import { systemStatusKey } from './get-system-status';

/** POST /api/admin/system/retry-failed */
export const retryFailedJobs = () => apiSend<RetryFailedResultDto>('POST', '/api/admin/system/retry-failed');

export const retriedMessage = (n: number) => `${n} failed ${n === 1 ? 'job was' : 'jobs were'} put back on the click queue.`;

export function useRetryFailedJobs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryFailedJobs,
    onSuccess: (r) => {
      notify.success('Failed Jobs Retried', retriedMessage(r.retried));
      return Promise.all([queryClient.invalidateQueries({ queryKey: systemStatusKey }), queryClient.invalidateQueries({ queryKey: ['health'] })]);
    },
    onError: (error) => notify.error('Retry Failed', serverMessage(error) || 'Failed to retry failed jobs'),
  });
}
