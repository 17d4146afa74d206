import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend, notify, serverMessage } from '../../../lib';
import { adminUsersKey } from './get-users';

/** DELETE /api/admin/users/{id}: used by Reject and Delete alike. */
export const deleteUser = (id: string) => apiSend('DELETE', `/api/admin/users/${id}`);

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: async () => {
      notify.success('User Deleted', 'User has been permanently deleted.');
      // The user's links and stats are gone too.
      await Promise.all(['admin-users', 'links', 'analytics', 'stats'].map((root) => queryClient.invalidateQueries({ queryKey: [root] })));
    },
    onError: (error) => notify.error('Error', serverMessage(error) || 'Failed to delete user'),
  });
}
