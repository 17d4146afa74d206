import type { ResetPasswordResponse, UserDto } from '@app/contracts';
import { apiSend } from '../../../lib';
import { apiMutationHook } from '../../../lib/use-api-mutation';

/** POST /api/admin/users/{id}/reset-password → the temporary password, shown once. */
export const useResetPassword = apiMutationHook({
  mutationFn: (user: UserDto) => apiSend<ResetPasswordResponse>('POST', `/api/admin/users/${encodeURIComponent(user.id)}/reset-password`),
  success: (_res, user) => ['Password Reset', `${user.username} must choose a new password after signing in with the temporary one.`],
  failure: ['Error', 'Failed to reset the password'],
});
