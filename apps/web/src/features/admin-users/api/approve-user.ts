import { apiSend } from '../../../lib';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/admin/users/{id}/approve */
export const approveUser = (id: string) => apiSend('POST', `/api/admin/users/${id}/approve`);

export function useApproveUser() {
  return useApiMutation({
    mutationFn: approveUser,
    success: ['User Approved', 'User has been approved successfully.'],
    failure: ['Error', 'Failed to approve user'],
    invalidates: [queryKeys.adminUsers.all],
  });
}
