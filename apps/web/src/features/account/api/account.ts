import type { SessionDto, TwoFactorEnabledResponse, TwoFactorSetupResponse, UserDto } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib';
import { queryKeys } from '../../../lib/query-keys';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { ACCOUNT_TEXTS as T } from '../components/AccountTexts';

/** POST /api/auth/password: every other session of the user ends; this one stays. */
export const changePassword = (body: { currentPassword: string; newPassword: string }) =>
  apiSend<{ user: UserDto }>('POST', '/api/auth/password', body);

/** GET /api/auth/sessions: most recently used first. */
export const getSessions = () => apiGet<SessionDto[]>('/api/auth/sessions');
export const useSessions = () => useQuery({ queryKey: queryKeys.sessions.all, queryFn: getSessions });
/** DELETE /api/auth/sessions/{id}: that session's next call gets 401. */
export const endSession = (id: string) => apiSend('DELETE', `/api/auth/sessions/${encodeURIComponent(id)}`);

/** POST /api/auth/2fa/setup: a new secret, shown only in this answer. */
export const setupTwoFactor = () => apiSend<TwoFactorSetupResponse>('POST', '/api/auth/2fa/setup');
/** POST /api/auth/2fa/enable: the first code turns it on; 10 recovery codes, shown only in this answer. */
export const enableTwoFactor = (code: string) => apiSend<TwoFactorEnabledResponse>('POST', '/api/auth/2fa/enable', { code });
/** POST /api/auth/2fa/disable: the password and a code (or a recovery code). */
export const disableTwoFactor = (body: { password: string; code: string }) => apiSend('POST', '/api/auth/2fa/disable', body);
/** DELETE /api/auth/account: the account and everything of its personal workspace; every session ends. */
export const deleteAccount = (body: { password?: string; code?: string }) => apiSend('DELETE', '/api/auth/account', body);
export const useDeleteAccount = () => useApiMutation({ mutationFn: deleteAccount, success: T.accountDeleted, failure: ['Error', T.deleteFailed] });

export const useChangePassword = () =>
  useApiMutation({ mutationFn: changePassword, success: T.passwordChanged, failure: ['Error', 'Failed to change the password'] });
export const useEndSession = () =>
  useApiMutation({
    mutationFn: endSession,
    success: T.sessionEnded,
    failure: ['Error', 'Failed to end the session'],
    invalidates: [queryKeys.sessions.all],
  });
export const useSetupTwoFactor = () => useApiMutation({ mutationFn: setupTwoFactor, failure: ['Error', 'Failed to start the two-factor setup'] });
export const useEnableTwoFactor = () =>
  useApiMutation({ mutationFn: enableTwoFactor, success: T.turnedOn, failure: ['Error', 'Failed to turn on two-factor sign-in'] });
export const useDisableTwoFactor = () =>
  useApiMutation({ mutationFn: disableTwoFactor, success: T.turnedOff, failure: ['Error', 'Failed to turn off two-factor sign-in'] });
