import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

export const testRedisUrl = () => process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix of its own for one suite, so suites share the machine's Redis without touching each other. */
export const testRedisPrefix = () => `lptest-${randomBytes(4).toString('hex')}`;

/** Deletes every key under the prefix. */
export async function cleanRedisPrefix(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== '0');
}
