import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend, notify, serverMessage } from '../../../lib';
import type { CreateWebhookRequest, CreatedWebhookDto } from '@app/contracts';
import { webhooksKey } from './get-webhooks';

/** POST /api/webhooks → 201 with the signing secret (shown only in this response). */
export const createWebhook = (body: CreateWebhookRequest) => apiSend<CreatedWebhookDto>('POST', '/api/webhooks', body);

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
    onError: (error) => notify.error('Error', serverMessage(error) || 'Failed to add webhook'),
  });
}
