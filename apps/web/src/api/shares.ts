import type { CreateShareRequest, CreatedShareDto, ShareDto } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '../lib/api-client';
import { withQueryError } from '../lib/query-error';
import { queryKeys } from '../lib/query-keys';
import { apiMutationHook } from '../lib/use-api-mutation';

/* Shared stats pages of the current workspace (docs/product.md "Shared stats"): the list, creation and revocation. */

/** GET /api/shares: every share of the workspace, or one link's (`linkId`), newest first. */
export function useShares(linkId?: string) {
  return useQuery({
    queryKey: queryKeys.shares(linkId ?? null),
    queryFn: () => withQueryError('Failed to fetch shared pages', () => apiGet<ShareDto[]>('/api/shares', { params: { linkId } })),
  });
}

export const useCreateShare = apiMutationHook({
  mutationFn: (request: CreateShareRequest) => apiSend<CreatedShareDto>('POST', '/api/shares', request),
  success: ['Shared page created', 'Copy its address now: it is shown only once.'],
  failure: ['Could not create the shared page', 'Please try again.'],
  invalidates: [queryKeys.shares.all],
});

export const useRevokeShare = apiMutationHook({
  mutationFn: (id: string) => apiSend<void>('DELETE', `/api/shares/${encodeURIComponent(id)}`),
  success: ['Shared page revoked', 'Its address no longer opens anything.'],
  failure: ['Could not revoke the shared page', 'Please try again.'],
  invalidates: [queryKeys.shares.all],
});
