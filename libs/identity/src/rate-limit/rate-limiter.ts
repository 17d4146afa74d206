import type { Redis } from 'ioredis';
import { rateLimitFailOpen, type AppConfig } from '@app/config';
import { redisKeys } from '@app/contracts';
import { countInWindow } from '@app/queue';
import { IdentityErrors } from '../model/identity.errors.js';

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
 * Counts one attempt per rule (`countInWindow`) and throws 429 when any counter went over its limit.
 * Ids are lower-cased so `Admin` and `admin` share a counter (callers pass usernames already folded: foldUsername).
 *
 * Fails OPEN: when Redis does not answer (down, frozen: the api's commands time out after 500 ms) the attempt is let
 * through rather than refusing every sign-in. Guessing stays slow without it (argon2 per attempt) and the per-account
 * back-off still applies; `rateLimitFailOpen` logs it once per outage (a warn line with the reason).
 */
export async function hitRateLimits(
  redis: Redis,
  config: Pick<AppConfig, 'redisPrefix' | 'logLevel'>,
  hits: Array<[RateRule, string]>,
): Promise<void> {
  const keys = redisKeys(config.redisPrefix);
  const failOpen = rateLimitFailOpen(config.logLevel);
  // One counter per rule (single-key, so each lands on its own slot of a Redis Cluster), sent together.
  const counted = await Promise.allSettled(
    hits.map(([rule, id]) => countInWindow(redis, keys.rateLimit(rule.scope, id.toLowerCase()), rule.windowSeconds)),
  );
  const over = counted.some((c, i) => c.status === 'fulfilled' && c.value > hits[i][0].limit);
  const failed = counted.find((c) => c.status === 'rejected');
  if (failed) failOpen.failedOpen(hits.map(([rule]) => rule.scope).join(','), failed.reason);
  else failOpen.checked();
  if (over) throw IdentityErrors.tooManyAttempts();
}

/**
 * The sign-in counters one attempt counts on: per address and account (when the account is known) and per address.
 * The password step, the second factor and a current-password check count on the same ones, so none is a faster
 * way to guess. `account` is the folded username (foldUsername).
 */
export const signInHits = (ip: string, account: string | null): Array<[RateRule, string]> => [
  ...(account === null ? [] : [[RATE_RULES.loginPerIpAndUser, `${ip}|${account}`] as [RateRule, string]]),
  [RATE_RULES.loginPerIp, ip],
];
