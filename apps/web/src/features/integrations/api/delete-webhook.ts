import { apiSend } from '../../../lib';
import { queryKeys } from '../../../lib/query-keys';
import { apiMutationHook } from '../../../lib/use-api-mutation';

/** DELETE /api/webhooks/{id} */
export const useDeleteWebhook = apiMutationHook({
  mutationFn: (id: string) => apiSend('DELETE', `/api/webhooks/${encodeURIComponent(id)}`),
  success: ['Webhook Deleted', 'No more events are sent to this endpoint.'],
  failure: ['Error', 'Failed to delete webhook'],
  invalidates: [queryKeys.webhooks.all],
});
