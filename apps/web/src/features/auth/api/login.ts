import type { AuthOptionsDto, AuthResponse, Credentials, LoginResponse } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { throwIfNotOk } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { apiMutationHook } from '../../../lib/use-api-mutation';
import { postCredentials } from './post-credentials';

/** POST /api/auth/login (no auth headers): signed in, or a two-factor challenge for the second step. */
export function login(credentials: Credentials): Promise<LoginResponse> {
  return postCredentials<LoginResponse>('/api/auth/login', credentials);
}

export const useLogin = apiMutationHook({ mutationFn: login });

/** POST /api/auth/login/2fa: the challenge and a code of the authenticator app (or a recovery code). */
export function loginTwoFactor(body: { challenge: string; code: string }): Promise<AuthResponse> {
  return postCredentials<AuthResponse>('/api/auth/login/2fa', body);
}

export const useLoginTwoFactor = apiMutationHook({ mutationFn: loginTwoFactor });

/** GET /api/auth/options: password sign-in on or off, and the single sign-on button's name. */
export async function getAuthOptions(): Promise<AuthOptionsDto> {
  const res = await fetch('/api/auth/options');
  await throwIfNotOk(res);
  return (await res.json()) as AuthOptionsDto;
}

export function useAuthOptions() {
  return useQuery({ queryKey: queryKeys.authOptions.all, queryFn: getAuthOptions, staleTime: Infinity, retry: 1 });
}

/**
 * POST /api/auth/oidc/session at `/sso`: the single sign-on the callback finished, taken once (its one-time token is in
 * an httpOnly cookie, never in the URL). Throws with the reason when it was refused.
 */
export async function takeSsoSession(): Promise<AuthResponse> {
  const res = await fetch('/api/auth/oidc/session', { method: 'POST', credentials: 'same-origin' });
  await throwIfNotOk(res);
  return (await res.json()) as AuthResponse;
}
