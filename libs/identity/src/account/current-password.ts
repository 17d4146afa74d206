import type { Redis } from 'ioredis';
import type { AppConfig } from '@app/config';
import { foldUsername } from '../model/credential-rules.js';
import { verifyPassword } from '../passwords.js';
import type { UserWithHash } from '../queries/user-read-store.js';
import { hitRateLimits, RATE_RULES } from '../rate-limit/rate-limiter.js';

/**
 * Whether `password` is the account's current one (a password change, deleting the account). It is guessed no faster
 * here than at sign-in: the same per-IP-and-account counter (429 past it). An account without a password: false.
 */
export async function isCurrentPassword(redis: Redis, config: AppConfig, row: UserWithHash, password: string, ip: string): Promise<boolean> {
  await hitRateLimits(redis, config, [[RATE_RULES.loginPerIpAndUser, `${ip}|${foldUsername(row.username)}`]]);
  return row.password_hash !== null && (await verifyPassword(row.password_hash, password));
}
