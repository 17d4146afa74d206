import { freePort } from '../helpers/processes.js';
import { Browse } from '../helpers/browse.js';
import { startOidcProvider, type TestOidcProvider } from '../helpers/oidc-provider.js';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { adminSession } from '../helpers/auth.js';

/**
 * Single sign-on against a real OpenID provider (panva's oidc-provider, OpenID Certified) run in this process: the
 * whole redirect dance over HTTP, account creation and matching, and the attacks a client must refuse.
 */
describe('single sign-on with OpenID Connect (real provider)', () => {
  let api: TestApi;
  let provider: TestOidcProvider;
  const logged: string[] = [];
  const realWrite = process.stdout.write.bind(process.stdout);

  const NAME = 'Test IdP';
  const CALLBACK = () => `${api.baseUrl}/api/auth/oidc/callback`;

  /** From "Sign in with …" to the callback URL the provider sends the browser to (not yet visited). */
  async function toCallback(browser: Browse, login: string, tamper?: (authorizationUrl: URL) => void): Promise<string> {
    const start = await browser.request(`${api.baseUrl}/api/auth/oidc/login`);
    expect(start.status).toBe(302);
    const authorization = new URL(start.headers.get('location')!);
    expect(authorization.origin).toBe(provider.issuer);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    for (const p of ['state', 'nonce', 'code_challenge']) expect(authorization.searchParams.get(p)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    tamper?.(authorization);
    const form = await browser.follow(authorization.href);
    expect(form.res!.status).toBe(200);
    const done = await browser.request(form.url, { form: { prompt: 'login', login, password: 'anything' } });
    const back = await browser.follow(new URL(done.headers.get('location')!, form.url).href, CALLBACK());
    expect(back.url.startsWith(CALLBACK())).toBe(true);
    return back.url;
  }
  /** The callback, then the web app's POST at /sso: the api's answer to it. */
  async function finish(browser: Browse, callbackUrl: string) {
    const landed = await browser.request(callbackUrl);
    expect(landed.status).toBe(302);
    expect(landed.headers.get('location')).toBe('/sso');
    const res = await browser.request(`${api.baseUrl}/api/auth/oidc/session`, { method: 'POST' });
    return { status: res.status, body: await res.json() };
  }
  /** The last "single sign-on failed" log line's detail (what the library refused). */
  const lastFailure = () => {
    const lines = logged
      .join('')
      .split('\n')
      .filter((l) => l.includes('single sign-on failed'));
    return JSON.parse(lines[lines.length - 1]).detail as string;
  };
  const signIn = async (login: string) => {
    const browser = new Browse();
    const result = await finish(browser, await toCallback(browser, login));
    return { ...result, browser };
  };

  beforeAll(async () => {
    process.stdout.write = ((chunk: string | Uint8Array) => {
      logged.push(String(chunk));
      return true;
    }) as typeof process.stdout.write;
    const port = await freePort();
    provider = await startOidcProvider({ redirectUri: `http://127.0.0.1:${port}/api/auth/oidc/callback` });
    api = await startTestApi(
      {
        LOG_LEVEL: 'debug',
        APP_URL: `http://127.0.0.1:${port}`,
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        OIDC_NAME: NAME,
        OIDC_SCOPES: 'openid profile email groups',
        OIDC_ADMIN_GROUPS: 'linkpulse-admins',
      },
      { port, configure: (c) => (c.oidc!.allowInsecureRequests = true) },
    );
  });
  afterAll(async () => {
    process.stdout.write = realWrite;
    await api?.close();
    await provider?.close();
  });

  it('the login screen is told the button name; password sign-in stays on', async () => {
    expect(await api.call('GET', '/api/auth/options')).toMatchObject({ status: 200, body: { localLogin: true, oidc: { name: NAME } } });
  });

  it('first sign-in makes the account from the claims (pending approval); the next one signs in to the same account', async () => {
    provider.accounts.set('sub-jane', { preferred_username: 'jane.doe', email: 'jane@example.com' });
    const first = await signIn('sub-jane');
    expect(first).toMatchObject({
      status: 200,
      body: { user: { username: 'jane.doe', isApproved: false, isAdmin: false, hasPassword: false }, sessionId: expect.any(String) },
    });
    const session = first.body.sessionId;
    expect(await api.call('GET', '/api/auth/me', { session })).toMatchObject({ status: 200, body: { user: { username: 'jane.doe' } } });
    // No URL of the dance carries the session id; the one-time hand-over cookie is gone.
    expect(first.browser.visited.filter((u) => u.includes(session))).toEqual([]);
    expect(logged.join('').includes(session)).toBe(false);

    const again = await signIn('sub-jane');
    expect(again.body.user.id).toBe(first.body.user.id);
    expect(again.body.sessionId).not.toBe(session);
    // The hand-over works once.
    expect(await again.browser.request(`${api.baseUrl}/api/auth/oidc/session`, { method: 'POST' }).then((r) => r.status)).toBe(400);

    const [row] = await api.dataSource.query<{ oidc_issuer: string; oidc_subject: string; password_hash: string | null }[]>(
      'SELECT oidc_issuer, oidc_subject, password_hash FROM users WHERE id = $1',
      [first.body.user.id],
    );
    expect(row).toEqual({ oidc_issuer: provider.issuer, oidc_subject: 'sub-jane', password_hash: null });
    // An account without a password cannot sign in with one.
    expect((await api.call('POST', '/api/auth/login', { body: { username: 'jane.doe', password: '' } })).status).toBe(400);
  });

  it('a taken preferred_username gets a unique one; a member of OIDC_ADMIN_GROUPS is an approved admin', async () => {
    provider.accounts.set('sub-jane-2', { preferred_username: 'Jane.Doe' });
    expect((await signIn('sub-jane-2')).body.user.username).toBe('Jane.Doe-2');
    provider.accounts.set('sub-boss', { preferred_username: 'boss man!', groups: ['staff', 'linkpulse-admins'] });
    const boss = await signIn('sub-boss');
    expect(boss.body.user).toMatchObject({ username: 'boss-man', isAdmin: true, isApproved: true });
    expect((await api.call('GET', '/api/admin/users', { session: boss.body.sessionId })).status).toBe(200);
    const admin = await adminSession(api);
    const users = (await api.call('GET', '/api/admin/users', { session: admin })).body.map((u: { username: string }) => u.username);
    expect(users).toEqual(expect.arrayContaining(['jane.doe', 'Jane.Doe-2', 'boss-man']));
  });

  it('OIDC_ADMIN_GROUPS applies on every sign-in: removed from the group, admin rights and their sessions end; added, gained', async () => {
    provider.accounts.set('sub-flip', { preferred_username: 'flip', groups: ['linkpulse-admins'] });
    const first = await signIn('sub-flip');
    expect(first.body.user).toMatchObject({ username: 'flip', isAdmin: true, isApproved: true });
    const adminSessionOfFlip = first.body.sessionId;

    provider.accounts.set('sub-flip', { preferred_username: 'flip', groups: ['staff'] });
    const demoted = await signIn('sub-flip');
    expect(demoted.body.user).toMatchObject({ id: first.body.user.id, isAdmin: false, isApproved: true });
    expect(await api.call('GET', '/api/admin/users', { session: demoted.body.sessionId })).toMatchObject({
      status: 403,
      body: { message: 'Only administrators can do this.' },
    });
    // The session opened with admin rights has ended.
    expect((await api.call('GET', '/api/auth/me', { session: adminSessionOfFlip })).status).toBe(401);
    expect((await api.call('GET', '/api/links', { session: demoted.body.sessionId })).status).toBe(200);

    provider.accounts.set('sub-flip', { preferred_username: 'flip', groups: ['linkpulse-admins'] });
    const promoted = await signIn('sub-flip');
    expect(promoted.body.user).toMatchObject({ id: first.body.user.id, isAdmin: true });
    expect((await api.call('GET', '/api/admin/users', { session: promoted.body.sessionId })).status).toBe(200);
    expect((await api.call('GET', '/api/auth/me', { session: demoted.body.sessionId })).body.user.isAdmin).toBe(true);

    // An account waiting for approval that joins the group is an approved admin at its next sign-in.
    provider.accounts.set('sub-waiting', { preferred_username: 'waiting' });
    expect((await signIn('sub-waiting')).body.user).toMatchObject({ isAdmin: false, isApproved: false });
    provider.accounts.set('sub-waiting', { preferred_username: 'waiting', groups: ['linkpulse-admins'] });
    expect((await signIn('sub-waiting')).body.user).toMatchObject({ isAdmin: true, isApproved: true });

    const events = await api.dataSource.query<{ type: string; data: { by: unknown } }[]>(
      'SELECT type, data FROM events WHERE stream_id = $1 ORDER BY version',
      [first.body.user.id],
    );
    expect(events.map((e) => e.type)).toEqual(['user-registered', 'user-approved', 'user-admin-revoked', 'user-admin-granted']);
    // A rebuild gives the same rights.
    const before = await api.dataSource.query('SELECT id, is_admin, is_approved FROM users ORDER BY id');
    const admin = await adminSession(api);
    expect((await api.call('POST', '/api/admin/system/rebuild-projections', { session: admin })).status).toBe(200);
    expect(await api.dataSource.query('SELECT id, is_admin, is_approved FROM users ORDER BY id')).toEqual(before);
  });

  it('an account without a password deletes itself after a fresh sign-in only', async () => {
    provider.accounts.set('sub-leaver', { preferred_username: 'leaver' });
    const admin = await adminSession(api);
    const first = await signIn('sub-leaver');
    await api.call('POST', `/api/admin/users/${first.body.user.id}/approve`, { session: admin });
    const session = first.body.sessionId;
    // A session opened more than 10 minutes ago does not confirm (a password cannot: there is none).
    await api.dataSource.query("UPDATE sessions SET created_at = now() - interval '11 minutes' WHERE user_id = $1", [first.body.user.id]);
    expect(await api.call('DELETE', '/api/auth/account', { session, body: { password: 'anything' } })).toMatchObject({
      status: 403,
      body: { message: 'Please sign in again, then delete your account within 10 minutes.' },
    });
    const fresh = await signIn('sub-leaver');
    expect(await api.call('DELETE', '/api/auth/account', { session: fresh.body.sessionId })).toMatchObject({ status: 200, body: {} });
    expect((await api.call('GET', '/api/auth/me', { session })).status).toBe(401);
    expect(await api.dataSource.query("SELECT 1 FROM users WHERE username = 'leaver'")).toEqual([]);
    // The same identity signing in again makes a new account.
    const again = await signIn('sub-leaver');
    expect(again.body.user).toMatchObject({ username: 'leaver', isApproved: false });
    expect(again.body.user.id).not.toBe(first.body.user.id);
  });

  it('a callback with the wrong state is refused', async () => {
    provider.accounts.set('sub-mallory', { preferred_username: 'mallory' });
    const browser = new Browse();
    const url = new URL(await toCallback(browser, 'sub-mallory'));
    url.searchParams.set('state', 'attacker-chosen-state-value-1234567890');
    expect(await finish(browser, url.href)).toEqual({
      status: 401,
      body: expect.objectContaining({
        statusCode: 401,
        message: `${NAME} answered in a way that cannot be trusted, so you were not signed in. Please try again.`,
      }),
    });
    expect(lastFailure()).toMatch(/"state"/);
  });

  it('a replayed code is refused: the same callback again, and the code carried into a new sign-in', async () => {
    provider.accounts.set('sub-replay', { preferred_username: 'replay' });
    const victim = new Browse();
    const callback = await toCallback(victim, 'sub-replay');
    expect((await finish(victim, callback)).status).toBe(200);
    // The same callback URL again (the browser's history, a leaked log): the flow was used up.
    expect(await finish(victim, callback)).toMatchObject({
      status: 401,
      body: { message: 'This sign-in has expired or was already used. Please start again.' },
    });
    // The code with a fresh flow's state: the provider refuses a code used before.
    const attacker = new Browse();
    const fresh = new URL(await toCallback(attacker, 'sub-mallory'));
    fresh.searchParams.set('code', new URL(callback).searchParams.get('code')!);
    expect(await finish(attacker, fresh.href)).toMatchObject({ status: 401, body: { message: `${NAME} did not sign you in. Please try again.` } });
    expect(lastFailure()).toMatch(/invalid_grant/);
  });

  it('an ID token with the wrong nonce is refused', async () => {
    const browser = new Browse();
    const callback = await toCallback(browser, 'sub-mallory', (authorization) =>
      authorization.searchParams.set('nonce', 'a-different-nonce-0123456789'),
    );
    expect(await finish(browser, callback)).toMatchObject({
      status: 401,
      body: { message: `${NAME} answered in a way that cannot be trusted, so you were not signed in. Please try again.` },
    });
    expect(lastFailure()).toMatch(/"nonce"/);
    expect(await api.dataSource.query("SELECT 1 FROM users WHERE username = 'mallory'")).toHaveLength(0);
  });

  it('an error from the provider (the user said no) is a message, not a 500', async () => {
    const browser = new Browse();
    const start = await browser.request(`${api.baseUrl}/api/auth/oidc/login`);
    const state = new URL(start.headers.get('location')!).searchParams.get('state');
    expect(await finish(browser, `${CALLBACK()}?error=access_denied&state=${state}&iss=${encodeURIComponent(provider.issuer)}`)).toMatchObject({
      status: 401,
      body: { message: `${NAME} did not sign you in. Please try again.` },
    });
    expect(await finish(new Browse(), `${CALLBACK()}?code=x&state=y`)).toMatchObject({
      status: 401,
      body: { message: 'This sign-in has expired or was already used. Please start again.' },
    });
  });
});

describe('single sign-on: provider down, LOCAL_LOGIN=off, not configured', () => {
  it('a provider that cannot be reached is a message on the login screen; password sign-in and sign-up are 403', async () => {
    const deadPort = await freePort();
    const api = await startTestApi({
      LOCAL_LOGIN: 'off',
      OIDC_ISSUER: `http://127.0.0.1:${deadPort}`,
      OIDC_CLIENT_ID: 'linkpulse',
      OIDC_CLIENT_SECRET: 'secret',
      OIDC_NAME: 'Acme SSO',
    });
    try {
      expect(await api.call('GET', '/api/auth/options')).toMatchObject({ body: { localLogin: false, oidc: { name: 'Acme SSO' } } });
      const browser = new Browse();
      const start = await browser.request(`${api.baseUrl}/api/auth/oidc/login`);
      expect(start.status).toBe(302);
      expect(start.headers.get('location')).toBe('/sso');
      const res = await browser.request(`${api.baseUrl}/api/auth/oidc/session`, { method: 'POST' });
      expect({ status: res.status, body: await res.json() }).toMatchObject({
        status: 401,
        body: { message: 'Acme SSO could not be reached. Please try again in a few minutes, or ask your administrator.' },
      });
      const off = 'Sign-in with a password is turned off here; please use single sign-on.';
      expect(await api.call('POST', '/api/auth/login', { body: { username: 'admin', password: 'admin-password-1' } })).toMatchObject({
        status: 403,
        body: { message: off },
      });
      expect(await api.call('POST', '/api/auth/register', { body: { username: 'newbie', password: 'newbie-password' } })).toMatchObject({
        status: 403,
        body: { message: off },
      });
    } finally {
      await api.close();
    }
  });

  it('without OIDC settings the routes answer 404 and the options say so', async () => {
    const api = await startTestApi();
    try {
      expect(await api.call('GET', '/api/auth/options')).toMatchObject({ body: { localLogin: true, oidc: null } });
      expect(await api.call('GET', '/api/auth/oidc/login')).toMatchObject({
        status: 404,
        body: { message: 'Single sign-on is not configured on this server.' },
      });
      expect(await api.call('GET', '/api/auth/oidc/callback?code=a&state=b')).toMatchObject({ status: 404 });
      expect(await api.call('POST', '/api/auth/oidc/session')).toMatchObject({
        status: 400,
        body: { message: 'Single sign-on did not finish. Please start again.' },
      });
    } finally {
      await api.close();
    }
  });
});
