import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A person the provider knows: the login name typed into its form is the account id (`sub`). */
export interface ProviderAccount {
  preferred_username?: string;
  email?: string;
  name?: string;
  groups?: string[];
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Everyone signs in with any password (the provider's development login form); claims come from here. */
  accounts: Map<string, ProviderAccount>;
  /** Registers the client's redirect URI (when it was not known at start: the api's port is chosen later). */
  setRedirectUri(uri: string): void;
  close(): Promise<void>;
}

/**
 * panva's oidc-provider (OpenID Certified) run in-process as a real provider: discovery, the login form, code + PKCE,
 * signed ID tokens with the nonce, userinfo. Consent is granted at once for the one client (its scopes), so a sign-in is
 * one login form. Over https when `tls` is given (a self-signed certificate the api trusts by NODE_EXTRA_CA_CERTS),
 * else plain http (the api then needs openid-client's allowInsecureRequests, set only by tests).
 */
export async function startOidcProvider(opts: { redirectUri?: string; tls?: { key: string; cert: string } }): Promise<TestOidcProvider> {
  const clientId = 'linkpulse';
  const clientSecret = 'linkpulse-test-client-secret';
  const accounts = new Map<string, ProviderAccount>();
  const server: Server = opts.tls ? createHttpsServer({ key: opts.tls.key, cert: opts.tls.cert }) : createHttpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `${opts.tls ? 'https' : 'http'}://localhost:${port}`;
  const makeProvider = (redirectUri: string) =>
    new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      claims: { openid: ['sub'], profile: ['preferred_username', 'name'], email: ['email'], groups: ['groups'] },
      scopes: ['openid', 'profile', 'email', 'groups'],
      findAccount: (_ctx: unknown, id: string) => ({
        accountId: id,
        claims: () => ({ sub: id, ...(accounts.get(id) ?? { preferred_username: id }) }),
      }),
      async loadExistingGrant(ctx: any) {
        const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
        grant.addOIDCScope('openid profile email groups');
        await grant.save();
        return grant;
      },
      // The ID token carries the profile claims, as most providers' do.
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: true } },
      cookies: { keys: ['linkpulse-test-cookie-key'] },
    } as any);
  let handler: ReturnType<Provider['callback']> | null = null;
  const setRedirectUri = (uri: string) => {
    const provider = makeProvider(uri);
    provider.on('server_error', () => undefined);
    handler = provider.callback();
  };
  if (opts.redirectUri) setRedirectUri(opts.redirectUri);
  server.on('request', (req, res) => (handler ? handler(req, res) : res.writeHead(503).end()));
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    setRedirectUri,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
