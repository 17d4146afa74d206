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

/**
 * Request-serving clients (the api): every command fails after `ms` instead of waiting, the offline queue included,
 * so a stopped or frozen Redis cannot hold a request. Not for BullMQ workers, whose blocking commands wait on purpose.
 */
export function limitCommandTime(redis: Redis, ms: number): Redis {
  redis.options.commandTimeout = ms;
  return redis;
}
