import type { SessionDto, TwoFactorEnabledResponse, TwoFactorSetupResponse, UserDto } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib';

/** POST /api/auth/password: every other session of the user ends; this one stays. */
export const changePassword = (body: { currentPassword: string; newPassword: string }) =>
  apiSend<{ user: UserDto }>('POST', '/api/auth/password', body);

export const sessionsKey = ['auth-sessions'];
/** GET /api/auth/sessions: most recently used first. */
export const getSessions = () => apiGet<SessionDto[]>('/api/auth/sessions');
export const useSessions = () => useQuery({ queryKey: sessionsKey, queryFn: getSessions });
/** DELETE /api/auth/sessions/{id}: that session's next call gets 401. */
export const endSession = (id: string) => apiSend('DELETE', `/api/auth/sessions/${encodeURIComponent(id)}`);

/** POST /api/auth/2fa/setup: a new secret, shown only in this answer. */
export const setupTwoFactor = () => apiSend<TwoFactorSetupResponse>('POST', '/api/auth/2fa/setup');
/** POST /api/auth/2fa/enable: the first code turns it on; 10 recovery codes, shown only in this answer. */
export const enableTwoFactor = (code: string) => apiSend<TwoFactorEnabledResponse>('POST', '/api/auth/2fa/enable', { code });
/** POST /api/auth/2fa/disable: the password and a code (or a recovery code). */
export const disableTwoFactor = (body: { password: string; code: string }) => apiSend('POST', '/api/auth/2fa/disable', body);
/** DELETE /api/auth/account: the account and everything of its personal workspace; every session ends. */
export const deleteAccount = (body: { password?: string }) => apiSend('DELETE', '/api/auth/account', body);
