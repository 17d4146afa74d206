import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend, notify, serverMessage } from '../../../lib';
import { apiKeysKey } from './get-api-keys';

/** DELETE /api/api-keys/{id}: the next request with the key gets 401. */
export const revokeApiKey = (id: string) => apiSend('DELETE', `/api/api-keys/${encodeURIComponent(id)}`);

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => {
      notify.success('API Key Revoked', 'Requests with this key are refused from now on.');
      return queryClient.invalidateQueries({ queryKey: apiKeysKey });
    },
    onError: (error) => notify.error('Error', serverMessage(error) || 'Failed to revoke API key'),
  });
}
