import { apiSend } from '../../../lib';
import { queryKeys } from '../../../lib/query-keys';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** DELETE /api/webhooks/{id} */
export const deleteWebhook = (id: string) => apiSend('DELETE', `/api/webhooks/${encodeURIComponent(id)}`);

export function useDeleteWebhook() {
  return useApiMutation({
    mutationFn: deleteWebhook,
    success: ['Webhook Deleted', 'No more events are sent to this endpoint.'],
    failure: ['Error', 'Failed to delete webhook'],
    invalidates: [queryKeys.webhooks.all],
  });
}
