import type { Redis } from 'ioredis';
import { redisKeys } from '@app/contracts';

export const PASSWORD_TRIES = 5;
export const PASSWORD_WINDOW_SEC = 15 * 60;

/** Counts wrong tries per link per IP in a 15-minute window (first wrong try starts it); single-key INCR + EXPIRE NX. */
export class PasswordTries {
  private readonly keys: ReturnType<typeof redisKeys>;

  constructor(
    private readonly redis: Redis,
    prefix: string,
  ) {
    this.keys = redisKeys(prefix);
  }

  async blocked(linkId: string, ip: string): Promise<boolean> {
    const n = await this.redis.get(this.keys.passwordTries(linkId, ip));
    return n !== null && Number(n) >= PASSWORD_TRIES;
  }

  async wrong(linkId: string, ip: string): Promise<void> {
    const key = this.keys.passwordTries(linkId, ip);
    await this.redis.multi().incr(key).expire(key, PASSWORD_WINDOW_SEC, 'NX').exec();
  }
}
