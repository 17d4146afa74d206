import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend, notify, serverMessage } from '../../../lib';
import type { WebhookDto } from '@app/contracts';
import { webhookDeliveriesKey } from './get-webhook-deliveries';
import { webhooksKey } from './get-webhooks';

/** POST /api/webhooks/{id}/resume → the webhook, active again; the deliveries held while it was paused are sent. */
export const resumeWebhook = (id: string) => apiSend<WebhookDto>('POST', `/api/webhooks/${encodeURIComponent(id)}/resume`);

export function useResumeWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeWebhook,
    onSuccess: (_, id) => {
      notify.success('Webhook Resumed', 'The deliveries held while it was paused are being sent.');
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: webhooksKey }),
        queryClient.invalidateQueries({ queryKey: webhookDeliveriesKey(id) }),
      ]);
    },
    onError: (error) => notify.error('Error', serverMessage(error) || 'Failed to resume webhook'),
  });
}
