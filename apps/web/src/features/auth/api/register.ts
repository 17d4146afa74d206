import type { AuthResponse, Credentials } from '@app/contracts';
import { apiMutationHook } from '../../../lib/use-api-mutation';
import { postCredentials } from './post-credentials';

/** POST /api/auth/register (no auth headers). On failure `serverMessage(error)` is the server's `message`. */
export function register(credentials: Credentials): Promise<AuthResponse> {
  return postCredentials('/api/auth/register', credentials);
}

export const useRegister = apiMutationHook({ mutationFn: register });
