import type { Redis } from 'ioredis';
import { describeConnectionError } from '@app/config';
import { createRedis } from './redis.js';

/** Opens Redis or throws one clear line naming the URL and how to start it (no retry loop at boot). */
export async function connectRedis(url: string): Promise<Redis> {
  const redis = createRedis(url, { retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect();
    throw new Error(describeConnectionError('Redis', url, err));
  }
  // Connected once: from now on reconnect forever with backoff.
  redis.options.retryStrategy = (times: number) => Math.min(times * 200, 2000);
  return redis;
}
