import type { AuthResponse, Credentials } from '@app/contracts';
import { throwIfNotOk } from '../../../lib/api-client';

/** POST credentials to an auth route without auth headers (there is no session yet); the session comes back. */
export async function postCredentials(path: string, credentials: Credentials): Promise<AuthResponse> {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    credentials: 'include',
    body: JSON.stringify(credentials),
  });
  await throwIfNotOk(res);
  return (await res.json()) as AuthResponse;
}
