import type { AuthResponse, Credentials } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';

/** POST /api/auth/register (no auth headers). On failure the server's `message` is the error message. */
export async function register(credentials: Credentials): Promise<AuthResponse> {
  const res = await fetch('/api/auth/register', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    credentials: 'include',
    body: JSON.stringify(credentials),
  });
  const body = (await res.json().catch(() => ({}))) as Partial<AuthResponse> & { message?: string | string[] };
  if (!res.ok) {
    const message = Array.isArray(body.message) ? body.message.join(', ') : body.message;
    throw new Error(message || '');
  }
  return body as AuthResponse;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
