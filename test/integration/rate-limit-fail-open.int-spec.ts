import { approvedUser } from '../helpers/auth.js';
import { startOwnRedis, type OwnService } from '../helpers/own-services.js';
import { startTestApi, type TestApi } from '../helpers/test-api.js';

/**
 * Issue 16 item 2/4: the Redis-backed sign-in limits fail OPEN, and say so once per outage: one warn line with the
 * reason when Redis stops answering (not one per request), one info line when it answers again.
 */
describe('rate limits failing open are logged once per outage', () => {
  let own: OwnService;
  let api: TestApi;
  const lines: Record<string, unknown>[] = [];
  const write = process.stdout.write.bind(process.stdout);

  beforeAll(async () => {
    own = await startOwnRedis(17020 + Math.floor(Math.random() * 10));
    api = await startTestApi({ REDIS_URL: own.url, REDIS_COMMAND_TIMEOUT_MS: '500', LOG_LEVEL: 'info' });
    await approvedUser(api, 'failopen-user', 'failopen-password-1');
    process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
      for (const line of text.split('\n')) {
        if (!line.includes('"service":"rate-limit"')) continue;
        lines.push(JSON.parse(line));
      }
      return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof process.stdout.write;
  }, 60_000);
  afterAll(async () => {
    process.stdout.write = write;
    await api?.close().catch(() => undefined);
    await own?.destroy();
  });

  const login = () => api.call('POST', '/api/auth/login', { body: { username: 'failopen-user', password: 'failopen-password-1' } });
  const rateLimitLines = () => lines.map((l) => `${l.level} ${l.msg}`);

  it('warns once while Redis is down, says when limits are enforced again, and warns again at the next outage', async () => {
    expect((await login()).status).toBe(200);
    expect(lines).toEqual([]);

    await own.stop('kill');
    for (let i = 0; i < 3; i++) expect((await login()).status).toBe(200);
    expect(rateLimitLines()).toEqual(['warn rate limits not enforced: Redis did not answer, letting requests through until it does']);
    expect(lines[0]).toMatchObject({ scope: 'login,login-ip', reason: expect.any(String) });
    expect(String(lines[0].reason).length).toBeGreaterThan(0);

    await own.start();
    await eventually(async () => (await login()).status === 200 && lines.length === 2);
    expect(rateLimitLines()[1]).toBe('info rate limits enforced again: Redis answers');

    await own.stop('kill');
    expect((await login()).status).toBe(200);
    expect((await login()).status).toBe(200);
    expect(rateLimitLines()).toHaveLength(3);
    expect(rateLimitLines()[2]).toMatch(/^warn rate limits not enforced/);
    await own.start();
    await eventually(async () => (await login()).status === 200 && lines.length === 4);
  });

  it('an API key works while Redis is down (its per-minute limit fails open too, logged once), never a 500', async () => {
    const { sessionId } = await approvedUser(api, 'failopen-keys', 'failopen-password-2');
    const key = (await api.call('POST', '/api/api-keys', { session: sessionId, body: { name: 'outage', scopes: ['links:read'] } })).body.key;
    expect((await api.call('GET', '/api/links', { session: key })).status).toBe(200);
    const before = lines.length;

    await own.stop('kill');
    expect((await api.call('GET', '/api/links', { session: key })).status).toBe(200);
    expect((await api.call('GET', '/api/links', { session: key })).status).toBe(200);
    expect(rateLimitLines().slice(before)).toEqual(['warn rate limits not enforced: Redis did not answer, letting requests through until it does']);
    expect(lines[before]).toMatchObject({ scope: 'api-key' });

    await own.start();
    await eventually(async () => (await api.call('GET', '/api/links', { session: key })).status === 200 && lines.length === before + 2);
    expect(rateLimitLines()[before + 1]).toBe('info rate limits enforced again: Redis answers');
  }, 60_000);
});

async function eventually(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}
