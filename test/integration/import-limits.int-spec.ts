import { approvedUser } from '../helpers/auth.js';
import { startTestApi, type TestApi } from '../helpers/test-api.js';

/**
 * Hostile import files never stall the api (docs/security.md "Imports"): they are parsed on a thread of their own
 * with limits, the upload's multipart parts are limited, and each user runs one import at a time.
 */
describe('import limits', () => {
  let api: TestApi;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    api = await startTestApi();
    alice = (await approvedUser(api, 'limits-alice')).sessionId;
    bob = (await approvedUser(api, 'limits-bob')).sessionId;
  });
  afterAll(async () => {
    await api?.close();
  });

  /** Runs `work` while probing /api/health/live every 50 ms; returns its result and the slowest probe (ms). */
  async function whileProbing<T>(work: Promise<T>): Promise<{ result: T; slowest: number; probes: number }> {
    let done = false;
    let slowest = 0;
    let probes = 0;
    const probing = (async () => {
      while (!done) {
        const started = performance.now();
        const res = await fetch(`${api.baseUrl}/api/health/live`);
        expect(res.status).toBe(200);
        slowest = Math.max(slowest, performance.now() - started);
        probes++;
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const result = await work.finally(() => (done = true));
    await probing;
    return { result, slowest, probes };
  }

  it('a 6 MB CSV of 600,000 columns is a 400 while /api/health/live keeps answering within 1 s', async () => {
    const content = `${Array.from({ length: 600_000 }, (_, i) => `col_${i}`).join(',')}\nhttps://example.org/x\n`;
    expect(content.length).toBeGreaterThan(6_000_000);
    const wide = `url,${'x,'.repeat(300)}y\nhttps://example.org/x\n`;
    const { result, slowest, probes } = await whileProbing(api.call('POST', '/api/imports', { session: alice, body: { format: 'csv', content } }));
    expect(result).toMatchObject({
      status: 400,
      body: { statusCode: 400, message: 'content: the file could not be read as this format (line 1 is longer than 64 KB).' },
    });
    expect(probes).toBeGreaterThan(0);
    expect(slowest).toBeLessThan(1000);
    expect((await api.call('POST', '/api/imports', { session: alice, body: { format: 'csv', content: wide } })).body).toEqual({
      statusCode: 400,
      message: 'content: the header has more than 200 columns; no link export has that many.',
    });
  });

  it('JSON nested 5,000,000 deep is a 400 while /api/health/live keeps answering within 1 s', async () => {
    const content = '['.repeat(5_000_000) + ']'.repeat(5_000_000);
    const { result, slowest, probes } = await whileProbing(api.call('POST', '/api/imports', { session: alice, body: { format: 'kutt', content } }));
    expect(result).toMatchObject({
      status: 400,
      body: { statusCode: 400, message: 'content: the JSON nests deeper than 32 levels; no link export does.' },
    });
    expect(probes).toBeGreaterThan(0);
    expect(slowest).toBeLessThan(1000);
    expect(await api.dataSource.query('SELECT count(*)::int AS n FROM imports')).toEqual([{ n: 0 }]);
  });

  it('the upload takes one file and the form fields only: more parts or fields are a 400, nothing stored', async () => {
    const file = () => new Blob(['url\nhttps://example.org/a\n'], { type: 'text/csv' });
    const twoFiles = new FormData();
    twoFiles.set('format', 'csv');
    twoFiles.append('file', file(), 'a.csv');
    twoFiles.append('file', file(), 'b.csv');
    const manyFields = new FormData();
    manyFields.set('format', 'csv');
    for (let i = 0; i < 10; i++) manyFields.append(`f${i}`, 'x');
    manyFields.append('file', file(), 'a.csv');
    for (const body of [twoFiles, manyFields]) {
      const res = await fetch(`${api.baseUrl}/api/imports`, { method: 'POST', headers: { authorization: `Bearer ${bob}` }, body });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ statusCode: 400, message: expect.any(String) });
    }
    expect(await api.dataSource.query('SELECT count(*)::int AS n FROM imports')).toEqual([{ n: 0 }]);
  });

  it('one import per user: a second while the first is read or runs is a 409; other users are not held up', async () => {
    const lines = ['url,code'];
    for (let i = 0; i < 20_000; i++) lines.push(`https://example.org/one/${i}?q=${'x'.repeat(40)},one-${i}`);
    const content = lines.join('\n');
    const both = await Promise.all([
      api.call('POST', '/api/imports', { session: alice, body: { format: 'csv', content } }),
      api.call('POST', '/api/imports', { session: alice, body: { format: 'csv', content } }),
    ]);
    // Whichever reaches the handler first is read and started; the other is told to wait.
    expect(both.map((r) => r.status).sort()).toEqual([202, 409]);
    expect(both.find((r) => r.status === 409)!.body).toEqual({
      statusCode: 409,
      message: 'An import of yours is still running or being read: wait for it to finish, then import again.',
    });
    // No worker runs in this suite: the first import stays running, so a later one is refused too.
    const third = await api.call('POST', '/api/imports', { session: alice, body: { format: 'csv', content: 'url\nhttps://example.org/3\n' } });
    expect(third.status).toBe(409);
    const bobs = await api.call('POST', '/api/imports', { session: bob, body: { format: 'csv', content: 'url\nhttps://example.org/b\n' } });
    expect(bobs.status).toBe(202);
    expect(await api.dataSource.query(`SELECT count(*)::int AS n FROM imports WHERE status = 'running'`)).toEqual([{ n: 2 }]);
  });
});
