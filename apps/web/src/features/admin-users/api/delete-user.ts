import { apiSend } from '../../../lib';
import { apiMutationHook } from '../../../lib/use-api-mutation';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /api/admin/users/{id}: used by Reject and Delete alike. */
export const useDeleteUser = apiMutationHook({
  mutationFn: (id: string) => apiSend('DELETE', `/api/admin/users/${id}`),
  success: ['User Deleted', 'User has been permanently deleted.'],
  failure: ['Error', 'Failed to delete user'],
  // The user's links and stats are gone too.
  invalidates: [queryKeys.adminUsers.all, queryKeys.links.all, queryKeys.analytics.all, queryKeys.stats.all],
});
