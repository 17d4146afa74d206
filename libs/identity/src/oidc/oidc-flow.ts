import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { redisKeys } from '@app/contracts';

/** A redirect to the provider lives 10 minutes; a finished sign-in waits 2 minutes for the web app to take it. */
export const FLOW_SECONDS = 10 * 60;
export const RESULT_SECONDS = 2 * 60;

/** What a callback must match: the random values sent with the redirect (only the browser's cookie names the flow). */
export interface OidcFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
}
/** A finished single sign-on: the account, or the message the login screen shows. */
export type OidcResult = { userId: string } | { error: string };

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
const isToken = (token: string | undefined): token is string => typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token);

/**
 * The two one-time records of a single sign-on, in Redis by the SHA-256 of a random token that only the browser's
 * httpOnly cookie carries: the flow (between the redirect and the callback) and the result (between the callback and
 * the web app's POST that turns it into a session). Each is taken once (GETDEL): a replayed callback or hand-over finds
 * nothing. No session id ever travels in a URL.
 */
export class OidcFlowStore {
  private readonly keys: ReturnType<typeof redisKeys>;

  constructor(
    private readonly redis: Redis,
    prefix: string,
  ) {
    this.keys = redisKeys(prefix);
  }

  async saveFlow(flow: OidcFlow): Promise<string> {
    const token = newToken();
    await this.redis.set(this.keys.oidcFlow(hashOf(token)), JSON.stringify(flow), 'EX', FLOW_SECONDS);
    return token;
  }

  async takeFlow(token: string | undefined): Promise<OidcFlow | null> {
    if (!isToken(token)) return null;
    const raw = await this.redis.getdel(this.keys.oidcFlow(hashOf(token)));
    return raw ? (JSON.parse(raw) as OidcFlow) : null;
  }

  async saveResult(result: OidcResult): Promise<string> {
    const token = newToken();
    await this.redis.set(this.keys.oidcResult(hashOf(token)), JSON.stringify(result), 'EX', RESULT_SECONDS);
    return token;
  }

  async takeResult(token: string | undefined): Promise<OidcResult | null> {
    if (!isToken(token)) return null;
    const raw = await this.redis.getdel(this.keys.oidcResult(hashOf(token)));
    return raw ? (JSON.parse(raw) as OidcResult) : null;
  }
}
