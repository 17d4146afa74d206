import { redisKeys, DEFAULT_HOST_KEY } from '@app/contracts';
import { connectRedis } from '@app/queue';
import type { Redis } from 'ioredis';
import { approvedUser } from '../helpers/auth.js';
import { startOwnRedis, type OwnService } from '../helpers/own-services.js';
import { startTestApi, type TestApi } from '../helpers/test-api.js';

/**
 * Issue 16 item 2: with its Redis stopped or frozen (SIGSTOP) the api still answers within 2 s: sign-in works (the
 * rate limiter fails open), a link is created and reported created (201, never a failure for a committed write), and
 * the redirect cache entry is written in the background once Redis is back.
 */
describe('api while its Redis is down or frozen', () => {
  let own: OwnService;
  let api: TestApi;
  let probe: Redis;
  let session: string;
  const ANSWER_MS = 2000;
  const keys = () => redisKeys(api.config.redisPrefix);

  beforeAll(async () => {
    own = await startOwnRedis(7160 + Math.floor(Math.random() * 10));
    api = await startTestApi({ REDIS_URL: own.url, REDIS_COMMAND_TIMEOUT_MS: '500' });
    session = (await approvedUser(api, 'outage-user', 'outage-password-1')).sessionId;
  }, 60_000);
  afterAll(async () => {
    await probe?.quit().catch(() => undefined);
    await api?.close().catch(() => undefined);
    await own?.destroy();
  });

  /** The call, aborted (and failed) when no answer comes within 2 s. */
  const within = (method: string, path: string, body?: unknown, auth: string | null = session) =>
    fetch(api.baseUrl + path, {
      method,
      signal: AbortSignal.timeout(ANSWER_MS),
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(async (res) => ({ status: res.status, body: await res.json().catch(() => null) }));

  async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
    const deadline = Date.now() + 20_000;
    while (!(await check().catch(() => false))) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  async function whileBroken(code: string) {
    const login = await within('POST', '/api/auth/login', { username: 'outage-user', password: 'outage-password-1' }, null);
    expect(login.status).toBe(200);
    const created = await within('POST', '/api/links', { originalUrl: `https://example.org/${code}`, shortCode: code });
    expect(created).toMatchObject({ status: 201, body: { shortCode: code } });
    expect((await within('GET', '/api/links')).body.map((l: { shortCode: string }) => l.shortCode)).toContain(code);
    // Retrying the same create says 409 (it was committed once), never a second row.
    expect((await within('POST', '/api/links', { originalUrl: `https://example.org/${code}`, shortCode: code })).status).toBe(409);
  }

  it('Redis stopped: sign-in and link creation answer within 2 s; the cache entry follows once Redis is back', async () => {
    await own.stop('kill');
    await whileBroken('while-stopped');
    await own.start();
    probe = await connectRedis(own.url);
    await eventually(
      async () => (await probe.get(keys().link(DEFAULT_HOST_KEY, 'while-stopped'))) !== null,
      'the cache write retried in the background',
    );
    expect(JSON.parse((await probe.get(keys().link(DEFAULT_HOST_KEY, 'while-stopped')))!).url).toBe('https://example.org/while-stopped');
  });

  it('Redis frozen (SIGSTOP): the same, and the cache entry follows after SIGCONT', async () => {
    await eventually(
      async () => (await within('POST', '/api/auth/login', { username: 'outage-user', password: 'outage-password-1' }, null)).status === 200,
      'api reconnected',
    );
    own.signal!('SIGSTOP');
    try {
      await whileBroken('while-frozen');
    } finally {
      own.signal!('SIGCONT');
    }
    await eventually(async () => (await probe.get(keys().link(DEFAULT_HOST_KEY, 'while-frozen'))) !== null, 'the cache write retried after SIGCONT');
  });
});
