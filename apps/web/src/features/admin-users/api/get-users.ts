import type { UserDto } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib';

export const adminUsersKey = ['admin-users'] as const;
export const allUsersKey = [...adminUsersKey, 'all'] as const;

/** GET /api/admin/users */
export const getUsers = () => apiGet<UserDto[]>('/api/admin/users');

export function useUsers() {
  return useQuery({ queryKey: allUsersKey, queryFn: getUsers });
}
