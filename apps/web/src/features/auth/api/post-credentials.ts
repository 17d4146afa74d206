import type { AuthResponse } from '@app/contracts';
import { throwIfNotOk } from '../../../lib/api-client';

/** POST to an auth route without auth headers (there is no session yet); the session (or a challenge) comes back. */
export async function postCredentials<T = AuthResponse>(path: string, body: object): Promise<T> {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    credentials: 'include',
    body: JSON.stringify(body),
  });
  await throwIfNotOk(res);
  return (await res.json()) as T;
}
