import { apiSend } from '../../../lib';
import { queryKeys } from '../../../lib/query-keys';
import { apiMutationHook } from '../../../lib/use-api-mutation';
import type { WebhookDto } from '@app/contracts';

/** POST /api/webhooks/{id}/resume → the webhook, active again; the deliveries held while it was paused are sent. */
export const useResumeWebhook = apiMutationHook({
  mutationFn: (id: string) => apiSend<WebhookDto>('POST', `/api/webhooks/${encodeURIComponent(id)}/resume`),
  success: ['Webhook Resumed', 'The deliveries held while it was paused are being sent.'],
  failure: ['Error', 'Failed to resume webhook'],
  invalidates: [queryKeys.webhooks.all, queryKeys.webhookDeliveries.all],
});
