import { apiSend } from '../../../lib';
import { apiMutationHook } from '../../../lib/use-api-mutation';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /api/domains/{id} */
export const useDeleteDomain = apiMutationHook({
  mutationFn: (id: string) => apiSend('DELETE', `/api/domains/${id}`),
  success: ['Success', 'Domain deleted successfully'],
  failure: ['Error', 'Failed to delete domain'],
  invalidates: [queryKeys.domains.all],
});
