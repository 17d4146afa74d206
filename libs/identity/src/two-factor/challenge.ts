import { createHash, randomBytes } from 'node:crypto';
import { TwoFactorErrors } from '../model/identity.errors.js';
import { RedisStore } from '@app/queue';

/** A challenge lives 5 minutes and ends at the 5th wrong code. */
export const CHALLENGE_SECONDS = 5 * 60;
export const CHALLENGE_TRIES = 5;

export interface Challenge {
  userId: string;
  /** The folded username: the sign-in rate limits count the second step on the same counters as the first. */
  account: string;
}

const COUNT_WRONG = `if redis.call('EXISTS', KEYS[1]) == 0 then return tonumber(ARGV[1]) end
return redis.call('HINCRBY', KEYS[1], 'tries', 1)`;

const hashOf = (challenge: string) => createHash('sha256').update(challenge).digest('hex');

/**
 * The second step of a two-factor sign-in, kept in Redis by the SHA-256 of a random token (the token itself is only
 * in the client's hands). Redis not answering is a 503: without a stored challenge there is no second step.
 */
export class ChallengeStore extends RedisStore {
  async open(c: Challenge): Promise<string> {
    const challenge = randomBytes(32).toString('base64url');
    const key = this.keys.twoFactorChallenge(hashOf(challenge));
    try {
      await this.redis.multi().hset(key, { userId: c.userId, account: c.account, tries: 0 }).expire(key, CHALLENGE_SECONDS).exec();
    } catch {
      throw TwoFactorErrors.unavailable();
    }
    return challenge;
  }

  async read(challenge: string): Promise<Challenge | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(challenge)) return null;
    let row: Record<string, string>;
    try {
      row = await this.redis.hgetall(this.keys.twoFactorChallenge(hashOf(challenge)));
    } catch {
      throw TwoFactorErrors.unavailable();
    }
    return row.userId ? { userId: row.userId, account: row.account } : null;
  }

  /** Counts a wrong code; returns the tries left (0: the challenge is gone). */
  async wrongCode(challenge: string): Promise<number> {
    const key = this.keys.twoFactorChallenge(hashOf(challenge));
    // Only an existing challenge counts (one ended meanwhile is not brought back without its expiry).
    const tries = Number(await this.redis.eval(COUNT_WRONG, 1, key, CHALLENGE_TRIES).catch(() => CHALLENGE_TRIES));
    if (tries >= CHALLENGE_TRIES) {
      await this.redis.del(key).catch(() => undefined);
      return 0;
    }
    return CHALLENGE_TRIES - tries;
  }

  /** Ends the challenge; true for the one caller that ended it (a code accepted twice at once signs in once). */
  async close(challenge: string): Promise<boolean> {
    return (await this.redis.del(this.keys.twoFactorChallenge(hashOf(challenge))).catch(() => 0)) === 1;
  }
}
