import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend, notify, serverMessage } from '../../../lib';
import { webhooksKey } from './get-webhooks';

/** DELETE /api/webhooks/{id} */
export const deleteWebhook = (id: string) => apiSend('DELETE', `/api/webhooks/${encodeURIComponent(id)}`);

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => {
      notify.success('Webhook Deleted', 'No more events are sent to this endpoint.');
      return queryClient.invalidateQueries({ queryKey: webhooksKey });
    },
    onError: (error) => notify.error('Error', serverMessage(error) || 'Failed to delete webhook'),
  });
}
