import type { CreateWebhookRequest, CreatedWebhookDto } from '@app/contracts';
import { apiSend } from '../../../lib';
import { queryKeys } from '../../../lib/query-keys';
import { apiMutationHook } from '../../../lib/use-api-mutation';

/** POST /api/webhooks → 201 with the signing secret (shown only in this response, by the form). */
export const createWebhook = (body: CreateWebhookRequest) => apiSend<CreatedWebhookDto>('POST', '/api/webhooks', body);

export const useCreateWebhook = apiMutationHook({
  mutationFn: createWebhook,
  failure: ['Error', 'Failed to add webhook'],
  invalidates: [queryKeys.webhooks.all],
});
