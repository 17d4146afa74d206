import { redisKeys } from '@app/contracts';
import { approvedUser } from '../helpers/auth.js';
import { startTestApi, type TestApi } from '../helpers/test-api.js';

/** Issue 16 items 5 and 9: password strength with a reason, usernames normalised once (NFKC + case fold). */
describe('credential rules', () => {
  let api: TestApi;
  const reg = (username: string, password: string) => api.call('POST', '/api/auth/register', { body: { username, password } });
  const login = (username: string, password: string) => api.call('POST', '/api/auth/login', { body: { username, password } });

  beforeAll(async () => {
    api = await startTestApi({ TRUST_PROXY: '1' });
  });
  afterAll(() => api?.close());

  it('refuses short and common passwords, saying why', async () => {
    expect((await reg('henry', '        ')).body).toEqual({ statusCode: 400, message: 'Password must be at least 10 characters.' });
    expect((await reg('henry', 'short-pw1')).body).toEqual({ statusCode: 400, message: 'Password must be at least 10 characters.' });
    for (const common of ['password1234', 'qwertyuiop', '1234567890', 'PASSWORD1234']) {
      expect({ common, body: (await reg('henry', common)).body }).toEqual({
        common,
        body: { statusCode: 400, message: 'This password is one of the most common passwords; please choose another.' },
      });
    }
    expect((await reg('henry', 'walk-the-links-42')).status).toBe(201);
  });

  it("per-account back-off across IPs: strangers wait after 20 failures, the owner's known device still signs in", async () => {
    await approvedUser(api, 'carol', 'carol-password-1');
    const from = (ip: string, password: string) =>
      api.call('POST', '/api/auth/login', { body: { username: 'carol', password }, headers: { 'x-forwarded-for': ip } });
    expect((await from('127.0.0.1', 'carol-password-1')).status).toBe(200);
    for (let i = 0; i < 20; i++) expect((await from(`10.9.0.${i}`, 'wrong-password-x')).status).toBe(401);
    expect((await from('10.9.1.1', 'carol-password-1')).body).toEqual({
      statusCode: 429,
      message: 'Too many failed sign-ins for this account. Please wait 15 minutes, or sign in from a device you used before.',
    });
    expect((await from('127.0.0.1', 'carol-password-1')).status).toBe(200);
  });

  it('one account per name however it is spelt: NFKC and case fold at registration and login, one rate-limit counter', async () => {
    await approvedUser(api, 'alice', 'alice-password-1');
    expect((await reg('ALICE', 'another-password-1')).status).toBe(409);
    expect((await reg('ａｌｉｃｅ', 'another-password-1')).status).toBe(409); // fullwidth → alice under NFKC
    expect((await login('ａｌｉｃｅ', 'alice-password-1')).status).toBe(200);
    expect((await login('ALICE', 'alice-password-1')).status).toBe(200);
    // Dotted capital I folds to i + U+0307 in JavaScript and to i in some Postgres collations: never alice.
    expect((await login('alİce', 'alice-password-1')).status).toBe(401);
    const keys = await api.redis.keys(redisKeys(api.config.redisPrefix).rateLimit('login', '*'));
    // 'ａｌｉｃｅ' and 'ALICE' shared alice's counter.
    expect([...new Set(keys.map((k) => k.slice(k.lastIndexOf('|') + 1)))].filter((k) => k.startsWith('al')).sort()).toEqual(['alice', 'ali\u0307ce']);
  });
});
