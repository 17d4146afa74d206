import * as client from 'openid-client';
import type { OidcConfig } from '@app/config';
import { OidcMessages } from './oidc-errors.js';
import type { OidcFlow } from './oidc-flow.js';

/** Who the provider says signed in: the stable identity (issuer + subject) and the claims an account is made from. */
export interface OidcIdentityClaims {
  issuer: string;
  subject: string;
  preferredUsername?: string;
  email?: string;
  name?: string;
  groups: string[];
  /** False when the groups could not be read (the userinfo call failed): admin rights are then left as they are. */
  groupsKnown: boolean;
}

/** A sign-in that failed, with the sentence the login screen shows and, for the log, what the library said. */
export class OidcSignInError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

/** The library's own words for a failure (e.g. `unexpected ID Token "nonce" claim value`): no token or code is in them. */
function detailOf(err: unknown): string {
  const inner = (err as { cause?: unknown }).cause;
  const oauthError = (err as { error?: unknown; error_description?: unknown }).error;
  const own = err instanceof Error ? err.message : String(err);
  if (typeof oauthError === 'string')
    return `${own}: ${oauthError} ${String((err as { error_description?: unknown }).error_description ?? '')}`.trim();
  return inner instanceof Error ? `${own}: ${inner.message}` : own;
}

/** Discovery and requests give up after this long: a provider that hangs is "could not be reached", not a stuck page. */
const PROVIDER_TIMEOUT_SECONDS = 10;

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/**
 * OpenID Connect with openid-client (certified, panva): issuer discovery, authorization code + PKCE (S256), state and
 * nonce. The discovered metadata is kept once it was read; a failed discovery is tried again on the next sign-in.
 */
export class OidcClient {
  private configuration: Promise<client.Configuration> | null = null;

  constructor(private readonly oidc: OidcConfig) {}

  /** The provider's authorization URL and the values its callback must match (kept by the caller, one-time). */
  async start(redirectUri: string): Promise<{ url: URL; flow: OidcFlow }> {
    const config = await this.discovered();
    const flow: OidcFlow = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: this.oidc.scopes,
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url, flow };
  }

  /** Redeems the callback's code (state, PKCE and nonce checked by openid-client) and reads the ID token's claims. */
  async finish(callbackUrl: URL, flow: OidcFlow): Promise<OidcIdentityClaims> {
    const config = await this.discovered();
    try {
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims?.sub) throw new OidcSignInError(OidcMessages.noSubject(this.oidc.name));
      let groups = strings(claims.groups);
      let groupsKnown = true;
      // Many providers send groups only from the userinfo endpoint; ask it when admin groups are configured.
      if (groups.length === 0 && this.oidc.adminGroups.length > 0 && tokens.access_token) {
        const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub).catch(() => null);
        groups = strings(info?.groups);
        groupsKnown = info !== null;
      }
      return {
        issuer: config.serverMetadata().issuer,
        subject: claims.sub,
        preferredUsername: str(claims.preferred_username),
        email: str(claims.email),
        name: str(claims.name),
        groups,
        groupsKnown,
      };
    } catch (err) {
      throw this.explain(err);
    }
  }

  private discovered(): Promise<client.Configuration> {
    this.configuration ??= client
      .discovery(new URL(this.oidc.issuer), this.oidc.clientId, this.oidc.clientSecret, undefined, {
        execute: this.oidc.allowInsecureRequests ? [client.allowInsecureRequests] : [],
        timeout: PROVIDER_TIMEOUT_SECONDS,
      })
      .catch((err: unknown) => {
        this.configuration = null;
        throw this.explain(err, true);
      });
    return this.configuration;
  }

  /** The sentence for a failure: unreachable (network, timeout, a broken discovery), refused (an OAuth error), or untrustworthy. */
  private explain(err: unknown, discovering = false): OidcSignInError {
    if (err instanceof OidcSignInError) return err;
    const name = this.oidc.name;
    if (err instanceof client.AuthorizationResponseError || err instanceof client.ResponseBodyError) {
      return new OidcSignInError(OidcMessages.providerRefused(name), detailOf(err));
    }
    const code = (err as { code?: string }).code;
    if (err instanceof TypeError || code === 'OAUTH_TIMEOUT' || code === 'OAUTH_ABORT' || (discovering && code === 'OAUTH_RESPONSE_IS_NOT_CONFORM')) {
      return new OidcSignInError(OidcMessages.providerDown(name), detailOf(err));
    }
    return new OidcSignInError(discovering ? OidcMessages.providerDown(name) : OidcMessages.badAnswer(name), detailOf(err));
  }
}
