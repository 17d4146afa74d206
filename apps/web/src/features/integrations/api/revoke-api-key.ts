import { apiSend } from '../../../lib';
import { queryKeys } from '../../../lib/query-keys';
import { apiMutationHook } from '../../../lib/use-api-mutation';

/** DELETE /api/api-keys/{id}: the next request with the key gets 401. */
export const useRevokeApiKey = apiMutationHook({
  mutationFn: (id: string) => apiSend('DELETE', `/api/api-keys/${encodeURIComponent(id)}`),
  success: ['API Key Revoked', 'Requests with this key are refused from now on.'],
  failure: ['Error', 'Failed to revoke API key'],
  invalidates: [queryKeys.apiKeys.all],
});
