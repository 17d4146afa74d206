import type { AuthResponse, Credentials } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { postCredentials } from './post-credentials';

/** POST /api/auth/login (no auth headers). */
export function login(credentials: Credentials): Promise<AuthResponse> {
  return postCredentials('/api/auth/login', credentials);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
