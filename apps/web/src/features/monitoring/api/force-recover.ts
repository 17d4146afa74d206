import type { RecoverResultDto } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend, notify, serverMessage } from '../../../lib';
import { healthKey } from './get-health';

/** POST /api/admin/recover: re-check and reconnect; then health refreshes. */
export const forceRecover = () => apiSend<RecoverResultDto>('POST', '/api/admin/recover');

export function useForceRecover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forceRecover,
    onSuccess: (result) => {
      notify.success('Recovery Complete', 'System recovery check completed successfully');
      if (result?.health) queryClient.setQueryData(healthKey, result.health);
      return queryClient.invalidateQueries({ queryKey: healthKey });
    },
    onError: (error) => notify.error('Recovery Failed', serverMessage(error) || 'Failed to perform recovery check'),
  });
}
