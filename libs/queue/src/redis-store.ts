import type { Redis } from 'ioredis';
import { redisKeys } from '@app/contracts';

/**
 * Something kept in the app's Redis under its key layout (`redisKeys`, libs/contracts/src/redis-keys.ts): the
 * one-time records (sign-on flows, two-factor challenges), the counters (back-off, password tries, click limits) and
 * the link cache extend it, so every key they touch is named with the deployment's prefix in one place.
 */
export abstract class RedisStore {
  protected readonly keys: ReturnType<typeof redisKeys>;

  constructor(
    protected readonly redis: Redis,
    prefix: string,
  ) {
    this.keys = redisKeys(prefix);
  }
}
