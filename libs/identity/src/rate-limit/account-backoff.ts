import { countInWindow, peekWindow, RedisStore } from '@app/queue';
import { IdentityErrors } from '../model/identity.errors.js';

/** Failed sign-ins to one account (from any IP) before it backs off, and how long the back-off lasts. */
const ACCOUNT_FAILURES = { limit: 20, windowSeconds: 15 * 60 };
/** An IP that signed in to the account within this time is a known device: the back-off does not apply to it. */
const KNOWN_DEVICE_SECONDS = 30 * 86_400;

/**
 * Per-account limit across IPs that cannot be turned into a denial of service: after 20 failures in 15 minutes the
 * account refuses sign-ins from IPs that never signed in to it (429 saying how long), until the window ends (a
 * back-off, not a lock); the owner's known devices sign in as usual. Fails open when Redis does not answer.
 */
export class AccountBackoff extends RedisStore {
  private failKey = (account: string) => this.keys.rateLimit('login-account-failures', account);
  private knownKey = (account: string, ip: string) => this.keys.rateLimit('login-known-device', `${account}|${ip}`);

  async assertAllowed(account: string, ip: string): Promise<void> {
    let failures: { count: number; secondsLeft: number };
    let known: number;
    try {
      [failures, known] = await Promise.all([peekWindow(this.redis, this.failKey(account)), this.redis.exists(this.knownKey(account, ip))]);
    } catch {
      return;
    }
    if (failures.count >= ACCOUNT_FAILURES.limit && known === 0)
      throw IdentityErrors.accountBackoff(Math.max(1, Math.ceil(failures.secondsLeft / 60)));
  }

  async failed(account: string): Promise<void> {
    await countInWindow(this.redis, this.failKey(account), ACCOUNT_FAILURES.windowSeconds).catch(() => undefined);
  }

  async succeeded(account: string, ip: string): Promise<void> {
    await this.redis.set(this.knownKey(account, ip), '1', 'EX', KNOWN_DEVICE_SECONDS).catch(() => undefined);
  }
}
