import type { Redis } from 'ioredis';
import { redisKeys } from '@app/contracts';
import { IdentityErrors } from '../domain/identity.errors.js';

export interface RateRule {
  /** Counter family, part of the Redis key (e.g. 'login-user'). */
  scope: string;
  limit: number;
  windowSeconds: number;
}

/** Sign-in and sign-up limits: fixed one-minute windows, shared by every api instance through Redis. */
export const RATE_RULES = {
  loginPerIpAndUser: { scope: 'login', limit: 10, windowSeconds: 60 },
  loginPerIp: { scope: 'login-ip', limit: 60, windowSeconds: 60 },
  registerPerIp: { scope: 'register', limit: 10, windowSeconds: 60 },
} satisfies Record<string, RateRule>;

/**
 * Counts one attempt per rule (INCR, EXPIRE on the first) and throws 429 when any counter went over its limit.
 * Ids are lower-cased so `Admin` and `admin` share a counter.
 */
export async function hitRateLimits(redis: Redis, prefix: string, hits: Array<[RateRule, string]>): Promise<void> {
  const keys = redisKeys(prefix);
  const multi = redis.multi();
  for (const [rule, id] of hits) {
    const key = keys.rateLimit(rule.scope, id.toLowerCase());
    multi.incr(key);
    multi.expire(key, rule.windowSeconds, 'NX');
  }
  const results = (await multi.exec()) ?? [];
  hits.forEach(([rule], i) => {
    const [err, count] = results[i * 2] ?? [];
    if (err) throw err;
    if (Number(count) > rule.limit) throw IdentityErrors.tooManyAttempts();
  });
}
