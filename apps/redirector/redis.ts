import type { Redis } from 'ioredis';
import { createRedis } from '@app/queue';
import { describeConnectionError } from '@app/config';

/**
 * The redirector's Redis connections. Commands fail at once while Redis is down (no offline queue, a command
 * timeout for a hung server), so lookups fall through to Postgres and click batches go to the memory buffer.
 * Boot fails with one clear line; after boot, reconnect forever.
 */
export async function openRedis(url: string, failFast: boolean): Promise<Redis> {
  const redis = createRedis(url, {
    retryStrategy: () => null,
    ...(failFast ? { enableOfflineQueue: false, commandTimeout: 2000, maxRetriesPerRequest: 0 } : {}),
  });
  let cause: unknown;
  const remember = (err: unknown) => (cause ??= err);
  redis.on('error', remember);
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect();
    throw new Error(describeConnectionError('Redis', url, cause ?? err)); // the socket error says why, not 'Connection is closed'
  }
  redis.off('error', remember);
  redis.on('error', () => undefined);
  redis.options.retryStrategy = (times: number) => Math.min(50 * 2 ** Math.min(times, 6), 2000);
  return redis;
}
