import type { Redis } from 'ioredis';
import type { FailOpenLog } from '@app/config';
import { redisKeys } from '@app/contracts';
import { countInWindow } from '@app/queue';

const WINDOW_MS = 60_000;

/**
 * Fixed one-minute window per key, shared by every api instance: one counter key per clock minute (`countInWindow`,
 * a single-key operation under Redis Cluster), so every instance agrees when the minute ends. Returns the seconds to
 * wait when over.
 *
 * Fails OPEN like the sign-in limits (rate-limiter.ts, docs/security.md): when Redis does not answer the request is
 * let through (null) rather than answered with a 500, and `failOpen` logs it once per outage.
 */
export async function hitApiKeyLimit(
  redis: Redis,
  prefix: string,
  keyId: string,
  limit: number,
  failOpen?: FailOpenLog,
  now = Date.now(),
): Promise<number | null> {
  const window = Math.floor(now / WINDOW_MS);
  const key = redisKeys(prefix).rateLimit('api-key', `${keyId}:${window}`);
  let count: number;
  try {
    // The key names its minute, so it outlives the window by a minute at most.
    count = await countInWindow(redis, key, (WINDOW_MS / 1000) * 2);
  } catch (err) {
    failOpen?.failedOpen('api-key', err);
    return null;
  }
  failOpen?.checked();
  if (count <= limit) return null;
  return Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000));
}
