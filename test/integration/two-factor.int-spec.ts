import { generate } from 'otplib';
import { randomBytes } from 'node:crypto';
import { redisKeys } from '@app/contracts';
import { resealTwoFactorSecrets } from '@app/identity';
import { approvedUser } from '../helpers/auth.js';
import { startTestApi, type TestApi } from '../helpers/test-api.js';

/** The code an authenticator app shows `offsetSteps` 30-second steps from now. */
const codeAt = (secret: string, offsetSteps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });
/** Waits while the current 30-second step has less than 4 s left, so "the previous/next step" means the same on both sides. */
async function awayFromStepEdge(): Promise<void> {
  const into = (Date.now() / 1000) % 30;
  if (into > 26) await new Promise((r) => setTimeout(r, (30 - into + 0.2) * 1000));
}

describe('two-factor sign-in (TOTP, RFC 6238) over HTTP', () => {
  let api: TestApi;
  const logged: string[] = [];
  const realWrite = process.stdout.write.bind(process.stdout);

  const login = (username: string, password: string) => api.call('POST', '/api/auth/login', { body: { username, password } });
  const second = (challenge: string, code: string) => api.call('POST', '/api/auth/login/2fa', { body: { challenge, code } });
  /** An approved user with two-factor on: its secret and recovery codes. */
  async function withTwoFactor(username: string) {
    const { sessionId, user } = await approvedUser(api, username, `${username}-password`);
    const setup = await api.call('POST', '/api/auth/2fa/setup', { session: sessionId });
    expect(setup.status).toBe(200);
    expect(Object.keys(setup.body).sort()).toEqual(['otpauthUrl', 'secret']);
    expect(setup.body.otpauthUrl).toBe(`otpauth://totp/LinkPulse:${username}?secret=${setup.body.secret}&issuer=LinkPulse`);
    await awayFromStepEdge();
    // Confirmed with the previous step's code, so the current and next ones stay unused for the tests.
    const spentCode = await codeAt(setup.body.secret, -1);
    const enable = await api.call('POST', '/api/auth/2fa/enable', { session: sessionId, body: { code: spentCode } });
    expect(enable.status).toBe(200);
    return {
      sessionId,
      user,
      secret: setup.body.secret as string,
      /** The code the setup confirmed with: its step is spent, whatever step it is now. */
      spentCode,
      recoveryCodes: enable.body.recoveryCodes as string[],
      password: `${username}-password`,
    };
  }

  beforeAll(async () => {
    process.stdout.write = ((chunk: string | Uint8Array) => {
      logged.push(String(chunk));
      return true;
    }) as typeof process.stdout.write;
    api = await startTestApi({ LOG_LEVEL: 'debug' });
  });
  /** Fresh sign-in counters (each test signs in many times from 127.0.0.1). */
  const clearLimits = async () => {
    const keys = await api.redis.keys(redisKeys(api.config.redisPrefix).rateLimit('*', '*'));
    if (keys.length) await api.redis.del(...keys);
  };
  afterEach(clearLimits);
  afterAll(async () => {
    process.stdout.write = realWrite;
    await api?.close();
  });

  it('enable shows 10 recovery codes once; the secret is sealed and the codes hashed; no secret in events, logs or /me', async () => {
    const t = await withTwoFactor('tf-alice');
    expect(t.recoveryCodes).toHaveLength(10);
    expect(new Set(t.recoveryCodes).size).toBe(10);
    for (const c of t.recoveryCodes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await api.call('GET', '/api/auth/me', { session: t.sessionId })).body.user).toMatchObject({ twoFactorEnabled: true });

    const [row] = await api.dataSource.query<{ secret_sealed: string }[]>('SELECT secret_sealed FROM two_factor WHERE user_id = $1', [t.user.id]);
    expect(row.secret_sealed).toMatch(/^v1\./);
    expect(row.secret_sealed).not.toContain(t.secret);
    const hashes = await api.dataSource.query<{ code_hash: string }[]>('SELECT code_hash FROM two_factor_recovery_codes WHERE user_id = $1', [
      t.user.id,
    ]);
    expect(hashes).toHaveLength(10);
    for (const h of hashes) expect(h.code_hash).toMatch(/^\$argon2id\$/);
    const everything = JSON.stringify(await api.dataSource.query('SELECT type, data, metadata FROM events')) + logged.join('');
    expect(everything).toContain('user-two-factor-enabled');
    expect(everything).not.toContain(t.secret);
    for (const c of t.recoveryCodes) expect(everything).not.toContain(c);
    // Setup again while on: 409, the secret is not replaced.
    expect((await api.call('POST', '/api/auth/2fa/setup', { session: t.sessionId })).status).toBe(409);
  });

  it('sign-in answers a challenge; codes of the previous and next step are accepted, an older one refused', async () => {
    const t = await withTwoFactor('tf-bob');
    await awayFromStepEdge();
    const first = await login('tf-bob', t.password);
    expect(first).toMatchObject({ status: 200, body: { twoFactorRequired: true, challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) } });
    expect(Object.keys(first.body).sort()).toEqual(['challenge', 'twoFactorRequired']);
    expect(await second(first.body.challenge, await codeAt(t.secret, -2))).toMatchObject({
      status: 401,
      body: { message: 'This code is not correct. 4 tries left.' },
    });
    // The step the setup used is spent: the same code never signs in (the very code, not "the previous step's": under
    // load a step can end between the setup and this line).
    expect((await second(first.body.challenge, t.spentCode)).status).toBe(401);
    const viaNext = await second(first.body.challenge, await codeAt(t.secret, 1));
    expect(viaNext).toMatchObject({ status: 200, body: { user: { username: 'tf-bob' }, sessionId: expect.any(String) } });
    expect((await api.call('GET', '/api/links', { session: viaNext.body.sessionId })).status).toBe(200);
    // The challenge is used up.
    expect((await second(first.body.challenge, await codeAt(t.secret, 1))).status).toBe(401);

    const t2 = await withTwoFactor('tf-bob2');
    const c2 = (await login('tf-bob2', t2.password)).body.challenge;
    // The setup spent step -1 here: the previous step's code is then only good for a fresh account; show it with the current step.
    expect((await second(c2, await codeAt(t2.secret, 0))).status).toBe(200);
  });

  it("the previous step's code signs in when it was not used before", async () => {
    const { sessionId, user } = await approvedUser(api, 'tf-prev', 'tf-prev-password');
    const setup = await api.call('POST', '/api/auth/2fa/setup', { session: sessionId });
    await awayFromStepEdge();
    expect((await api.call('POST', '/api/auth/2fa/enable', { session: sessionId, body: { code: await codeAt(setup.body.secret, -2) } })).status).toBe(
      400,
    );
    expect((await api.call('POST', '/api/auth/2fa/enable', { session: sessionId, body: { code: await codeAt(setup.body.secret, -1) } })).status).toBe(
      200,
    );
    // Forget the step the setup used (as if it were a day ago), then sign in with the previous step's code.
    await api.dataSource.query('UPDATE two_factor SET last_step = last_step - 10 WHERE user_id = $1', [user.id]);
    const challenge = (await login('tf-prev', 'tf-prev-password')).body.challenge;
    expect((await second(challenge, await codeAt(setup.body.secret, -1))).status).toBe(200);
  });

  it('a recovery code works once; five wrong codes end the challenge', async () => {
    const t = await withTwoFactor('tf-carol');
    const c1 = (await login('tf-carol', t.password)).body.challenge;
    expect((await second(c1, t.recoveryCodes[3].toUpperCase())).status).toBe(200);
    const c2 = (await login('tf-carol', t.password)).body.challenge;
    expect(await second(c2, t.recoveryCodes[3])).toMatchObject({ status: 401, body: { message: 'This code is not correct. 4 tries left.' } });
    expect((await second(c2, t.recoveryCodes[4])).status).toBe(200);

    await clearLimits();
    const c3 = (await login('tf-carol', t.password)).body.challenge;
    for (const left of [4, 3, 2, 1]) {
      expect(await second(c3, '000000')).toMatchObject({
        status: 401,
        body: { message: `This code is not correct. ${left} ${left === 1 ? 'try' : 'tries'} left.` },
      });
    }
    const ended = 'This sign-in has expired or had too many wrong codes. Please sign in again with your password.';
    expect(await second(c3, '000000')).toMatchObject({ status: 401, body: { message: ended } });
    // Even the right code no longer opens it.
    expect(await second(c3, t.recoveryCodes[5])).toMatchObject({ status: 401, body: { message: ended } });
    expect(await second('x'.repeat(43), '123456')).toMatchObject({ status: 401, body: { message: ended } });
  });

  it('the sign-in rate limits count the second step: the 11th code in a minute from one IP for one account is 429', async () => {
    const t = await withTwoFactor('tf-dave');
    const challenges: string[] = [];
    // 3 password steps + 7 codes = 10 attempts on the per-IP-and-account counter.
    for (let i = 0; i < 3; i++) challenges.push((await login('tf-dave', t.password)).body.challenge);
    for (let i = 0; i < 7; i++) expect((await second(challenges[i % 3], '000000')).status).toBe(401);
    expect(await second(challenges[0], await codeAt(t.secret, 0))).toMatchObject({
      status: 429,
      body: { message: 'Too many attempts. Please wait a minute and try again.' },
    });
  });

  it('disable needs the password and a code; afterwards sign-in is one step again', async () => {
    const t = await withTwoFactor('tf-erin');
    const disable = (body: unknown) => api.call('POST', '/api/auth/2fa/disable', { session: t.sessionId, body });
    expect(await disable({ password: 'wrong-password', code: await codeAt(t.secret, 0) })).toMatchObject({
      status: 400,
      body: { message: 'password: the password is not correct.' },
    });
    expect(await disable({ password: t.password, code: '000000' })).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/^code: /) },
    });
    expect(await disable({ password: t.password })).toMatchObject({ status: 400, body: { message: expect.stringMatching(/^code: /) } });
    expect((await disable({ password: t.password, code: await codeAt(t.secret, 0) })).status).toBe(200);
    expect(await login('tf-erin', t.password)).toMatchObject({ status: 200, body: { sessionId: expect.any(String) } });
    expect(await api.dataSource.query('SELECT 1 FROM two_factor WHERE user_id = $1', [t.user.id])).toHaveLength(0);
    expect(await disable({ password: t.password, code: '123456' })).toMatchObject({
      status: 409,
      body: { message: 'Two-factor sign-in is not on.' },
    });
    expect(await api.call('POST', '/api/auth/2fa/enable', { session: t.sessionId, body: { code: '123456' } })).toMatchObject({
      status: 409,
      body: { message: 'Start the two-factor setup first: no secret is waiting to be confirmed.' },
    });
  });

  it('SECRETS_KEY rotation re-seals the secrets once; a sign-in works under the key it was re-sealed with', async () => {
    const t = await withTwoFactor('tf-rotate');
    const current = api.config.secretsKey;
    const next = randomBytes(32);
    const first = await resealTwoFactorSecrets(api.dataSource, { current: next, previous: [current] });
    expect(first.resealed).toBeGreaterThanOrEqual(1);
    expect(first.unreadable).toBe(0);
    expect(await resealTwoFactorSecrets(api.dataSource, { current: next, previous: [current] })).toEqual({ resealed: 0, unreadable: 0 });
    // Back under this api's key: the account still signs in with its authenticator.
    await resealTwoFactorSecrets(api.dataSource, { current, previous: [next] });
    const challenge = (await login('tf-rotate', t.password)).body.challenge;
    expect((await second(challenge, await codeAt(t.secret, 1))).status).toBe(200);
  });
});
