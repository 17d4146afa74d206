import type { CreateApiKeyRequest, CreatedApiKeyDto } from '@app/contracts';
import { apiSend } from '../../../lib';
import { queryKeys } from '../../../lib/query-keys';
import { apiMutationHook } from '../../../lib/use-api-mutation';

/** POST /api/api-keys → 201 with the key (shown only in this response, by the form). */
export const createApiKey = (body: CreateApiKeyRequest) => apiSend<CreatedApiKeyDto>('POST', '/api/api-keys', body);

export const useCreateApiKey = apiMutationHook({
  mutationFn: createApiKey,
  failure: ['Error', 'Failed to create API key'],
  invalidates: [queryKeys.apiKeys.all],
});
