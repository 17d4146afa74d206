import { apiSend } from '../../../lib';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /api/domains/{id} */
export const deleteDomain = (id: string) => apiSend('DELETE', `/api/domains/${id}`);

export function useDeleteDomain() {
  return useApiMutation({
    mutationFn: deleteDomain,
    success: ['Success', 'Domain deleted successfully'],
    failure: ['Error', 'Failed to delete domain'],
    invalidates: [queryKeys.domains.all],
  });
}
