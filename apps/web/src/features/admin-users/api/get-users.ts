import type { UserDto } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/admin/users */
export const getUsers = () => apiGet<UserDto[]>('/api/admin/users');

export function useUsers() {
  return useQuery({ queryKey: queryKeys.adminUsers('all'), queryFn: getUsers });
}
