import { Redis, type RedisOptions } from 'ioredis';

/** Nest injection token for the shared ioredis client. */
export const REDIS = Symbol('REDIS');

/**
 * An ioredis client that retries forever with backoff (BullMQ needs maxRetriesPerRequest: null).
 * `lazyConnect` lets the caller await `connect()` once and report a clear error.
 */
export function createRedis(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
    lazyConnect: true,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    ...options,
  });
}
