import type { UserDto } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/admin/users/pending */
export const getPendingUsers = () => apiGet<UserDto[]>('/api/admin/users/pending');

export function usePendingUsers() {
  return useQuery({ queryKey: queryKeys.adminUsers('pending'), queryFn: getPendingUsers });
}
