import type { Redis } from 'ioredis';

/**
 * The one fixed-window counter (sign-in limits, account back-off, API-key limits, SSL generations, password tries):
 * counts a hit on `key` and returns the hits so far in its window. The first hit opens the window (EXPIRE NX), so
 * the key disappears `windowSeconds` later and the next hit starts again from 1. One single-key MULTI: atomic, and
 * on a Redis Cluster it lands on the key's own slot. Rejects when Redis does not answer or refuses the command, so
 * each caller decides whether to fail open.
 */
export async function countInWindow(redis: Redis, key: string, windowSeconds: number): Promise<number> {
  const [[err, count] = [new Error(`Redis discarded the counter ${key}`), 0]] =
    (await redis.multi().incr(key).expire(key, windowSeconds, 'NX').exec()) ?? [];
  if (err) throw err;
  return Number(count);
}

/** A window's hits so far and the whole seconds until it closes, without counting (0 and 0 when none is open). */
export async function peekWindow(redis: Redis, key: string): Promise<{ count: number; secondsLeft: number }> {
  const [count, ttl] = await Promise.all([redis.get(key), redis.ttl(key)]);
  return { count: Number(count ?? 0), secondsLeft: Math.max(0, ttl) };
}
