import type { AuthResponse, Credentials } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { throwIfNotOk } from '../../../lib/api-client';

/** POST /api/auth/login (no auth headers). */
export async function login(credentials: Credentials): Promise<AuthResponse> {
  const res = await fetch('/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    credentials: 'include',
    body: JSON.stringify(credentials),
  });
  await throwIfNotOk(res);
  return (await res.json()) as AuthResponse;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
