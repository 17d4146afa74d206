import type { AuthResponse, Credentials } from '@app/contracts';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { postCredentials } from './post-credentials';

/** POST /api/auth/register (no auth headers). On failure `serverMessage(error)` is the server's `message`. */
export function register(credentials: Credentials): Promise<AuthResponse> {
  return postCredentials('/api/auth/register', credentials);
}

export function useRegister() {
  return useApiMutation({ mutationFn: register });
}
