import { createHash, randomBytes } from 'node:crypto';
import { RedisStore } from '@app/queue';

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
export class OidcFlowStore extends RedisStore {
  saveFlow = (flow: OidcFlow) => this.save(this.keys.oidcFlow, flow, FLOW_SECONDS);
  takeFlow = (token: string | undefined) => this.take<OidcFlow>(this.keys.oidcFlow, token);
  saveResult = (result: OidcResult) => this.save(this.keys.oidcResult, result, RESULT_SECONDS);
  takeResult = (token: string | undefined) => this.take<OidcResult>(this.keys.oidcResult, token);

  /** Stores `value` for `seconds` under the hash of a new token; the token (the cookie's value) is returned. */
  private async save(keyOf: (hash: string) => string, value: unknown, seconds: number): Promise<string> {
    const token = newToken();
    await this.redis.set(keyOf(hashOf(token)), JSON.stringify(value), 'EX', seconds);
    return token;
  }

  /** Takes the record a token names, once (GETDEL); null for no, a malformed or a used token. */
  private async take<T>(keyOf: (hash: string) => string, token: string | undefined): Promise<T | null> {
    if (!isToken(token)) return null;
    const raw = await this.redis.getdel(keyOf(hashOf(token)));
    return raw ? (JSON.parse(raw) as T) : null;
  }
}
