import type { AuthResponse } from '@app/contracts';
import { redisKeys } from '@app/contracts';
import type { TestApi } from './test-api.js';

/** The admin startTestApi creates (ADMIN_USERNAME=admin, ADMIN_PASSWORD=admin-password-1). */
export const ADMIN_CREDENTIALS = { username: 'admin', password: 'admin-password-1' };

function expectStatus(res: { status: number; body: unknown }, status: number, what: string): void {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`);
}

/** Signs the admin in and returns the session id. */
export async function adminSession(api: TestApi): Promise<string> {
  const res = await api.call('POST', '/api/auth/login', { body: ADMIN_CREDENTIALS });
  expectStatus(res, 200, 'admin login');
  return res.body.sessionId;
}

/**
 * Registers an account (pending approval) and returns {user, sessionId}. Afterwards it clears this suite's sign-up
 * rate-limit counters, so a suite can create as many users as it needs from 127.0.0.1.
 */
export async function registerUser(api: TestApi, username: string, password = 'password-123'): Promise<AuthResponse> {
  const res = await api.call('POST', '/api/auth/register', { body: { username, password } });
  expectStatus(res, 201, `register ${username}`);
  await clearRegisterLimits(api);
  return res.body;
}

/** Registers an account and has the admin approve it; returns {user (approved), sessionId}. */
export async function approvedUser(api: TestApi, username: string, password = 'password-123'): Promise<AuthResponse> {
  const { user, sessionId } = await registerUser(api, username, password);
  const admin = await adminSession(api);
  const res = await api.call('POST', `/api/admin/users/${user.id}/approve`, { session: admin });
  expectStatus(res, 200, `approve ${username}`);
  return { user: res.body, sessionId };
}

/** An approved user as a suite holds one: its id (= its personal workspace's) and a session. */
export interface SignedIn {
  id: string;
  session: string;
}

/** Approved users by name, in order: `({ alice, bob } = await signedInUsers(api, 'alice', 'bob'))`. */
export async function signedInUsers<N extends string>(api: TestApi, ...names: N[]): Promise<Record<N, SignedIn>> {
  const users = {} as Record<N, SignedIn>;
  for (const name of names) {
    const { user, sessionId } = await approvedUser(api, name);
    users[name] = { id: user.id, session: sessionId };
  }
  return users;
}

async function clearRegisterLimits(api: TestApi): Promise<void> {
  const keys = await api.redis.keys(redisKeys(api.config.redisPrefix).rateLimit('register', '*'));
  if (keys.length) await api.redis.del(...keys);
}

/** Deletes every rate-limit counter of the suite's prefix (a suite that signs in many times from 127.0.0.1). */
export async function clearRateLimits(api: TestApi): Promise<void> {
  const keys = await api.redis.keys(redisKeys(api.config.redisPrefix).rateLimit('*', '*'));
  if (keys.length) await api.redis.del(...keys);
}
