import type { Redis } from 'ioredis';
import { redisKeys } from '@app/contracts';
import { countInWindow, peekWindow } from '@app/queue';

export const PASSWORD_TRIES = 5;
export const PASSWORD_WINDOW_SEC = 15 * 60;

/** Counts wrong tries per link per IP in a 15-minute window (first wrong try starts it): `countInWindow`. */
export class PasswordTries {
  private readonly keys: ReturnType<typeof redisKeys>;

  constructor(
    private readonly redis: Redis,
    prefix: string,
  ) {
    this.keys = redisKeys(prefix);
  }

  async blocked(linkId: string, ip: string): Promise<boolean> {
    return (await peekWindow(this.redis, this.keys.passwordTries(linkId, ip))).count >= PASSWORD_TRIES;
  }

  async wrong(linkId: string, ip: string): Promise<void> {
    await countInWindow(this.redis, this.keys.passwordTries(linkId, ip), PASSWORD_WINDOW_SEC);
  }
}
