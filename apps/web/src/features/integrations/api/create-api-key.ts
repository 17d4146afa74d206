import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend, notify, serverMessage } from '../../../lib';
import type { CreateApiKeyRequest, CreatedApiKeyDto } from '@app/contracts';
import { apiKeysKey } from './get-api-keys';

/** POST /api/api-keys → 201 with the key (shown only in this response). */
export const createApiKey = (body: CreateApiKeyRequest) => apiSend<CreatedApiKeyDto>('POST', '/api/api-keys', body);

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
    onError: (error) => notify.error('Error', serverMessage(error) || 'Failed to create API key'),
  });
}
