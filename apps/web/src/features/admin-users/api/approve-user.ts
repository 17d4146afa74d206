import { apiSend } from '../../../lib';
import { apiMutationHook } from '../../../lib/use-api-mutation';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/admin/users/{id}/approve */
export const useApproveUser = apiMutationHook({
  mutationFn: (id: string) => apiSend('POST', `/api/admin/users/${id}/approve`),
  success: ['User Approved', 'User has been approved successfully.'],
  failure: ['Error', 'Failed to approve user'],
  invalidates: [queryKeys.adminUsers.all],
});
