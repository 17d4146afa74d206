import type { UserDto } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib';
import { adminUsersKey } from './get-users';

export const pendingUsersKey = [...adminUsersKey, 'pending'] as const;

/** GET /api/admin/users/pending */
export const getPendingUsers = () => apiGet<UserDto[]>('/api/admin/users/pending');

export function usePendingUsers() {
  return useQuery({ queryKey: pendingUsersKey, queryFn: getPendingUsers });
}
