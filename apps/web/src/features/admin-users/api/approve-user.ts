import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend, notify, serverMessage } from '../../../lib';
import { adminUsersKey } from './get-users';

/** POST /api/admin/users/{id}/approve */
export const approveUser = (id: string) => apiSend('POST', `/api/admin/users/${id}/approve`);

export function useApproveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveUser,
    onSuccess: () => {
      notify.success('User Approved', 'User has been approved successfully.');
      return queryClient.invalidateQueries({ queryKey: adminUsersKey });
    },
    onError: (error) => notify.error('Error', serverMessage(error) || 'Failed to approve user'),
  });
}
