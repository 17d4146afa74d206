import { apiSend } from '../../../lib/api-client';
import { LINK_CHANGES } from '../../../lib/query-keys';
import { apiMutationHook } from '../../../lib/use-api-mutation';

export function deleteLink(id: string): Promise<void> {
  return apiSend<void>('DELETE', `/api/links/${encodeURIComponent(id)}`);
}

/** DELETE /api/links/{id}; then the links list, tags and stats refresh (the screen words the toast). */
export const useDeleteLink = apiMutationHook({ mutationFn: deleteLink, invalidates: LINK_CHANGES });
