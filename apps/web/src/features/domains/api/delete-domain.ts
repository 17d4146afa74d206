import { apiSend } from '../../../lib';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { domainsKey } from '../../../api/get-domains';

/** DELETE /api/domains/{id} */
export const deleteDomain = (id: string) => apiSend('DELETE', `/api/domains/${id}`);

export function useDeleteDomain() {
  return useApiMutation({
    mutationFn: deleteDomain,
    success: ['Success', 'Domain deleted successfully'],
    failure: ['Error', 'Failed to delete domain'],
    invalidates: [domainsKey],
  });
}
