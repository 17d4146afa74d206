import { connect, type Socket } from 'node:net';
import { approvedUser } from '../helpers/auth.js';
import { startTestApi, type TestApi } from '../helpers/test-api.js';

/**
 * Unread exports (issue 35, docs/security.md "Exports"): a raw-clicks export whose client never reads must not hold
 * database connections. Exports read in batches, each on a connection released before the batch is written, at most
 * EXPORT_CONNECTIONS batches at once, and an export whose client reads nothing for EXPORT_STALL_MS is closed.
 */
/** Clicks of the link whose exports nobody reads: ~60 MB of JSON each, more than a loopback socket's buffers hold. */
const CLICKS = 150_000;
/** Clicks of the link whose export is read whole: several batches. */
const READ_CLICKS = 5_500;
const UNREAD = 10;

/** Sends the request and never reads the answer: the socket is paused, so the server's writes fill the buffers. */
function unreadRequest(baseUrl: string, path: string, session: string): Promise<Socket> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: url.hostname, port: Number(url.port) }, () => {
      socket.pause();
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${session}\r\nConnection: keep-alive\r\n\r\n`);
      resolve(socket);
    });
    socket.on('error', reject);
  });
}

describe('unread exports', () => {
  let api: TestApi;
  let owner: { session: string; linkId: string; smallLinkId: string };
  let other: string;

  beforeAll(async () => {
    api = await startTestApi({ EXPORT_STALL_MS: '3000' });
    const { sessionId, user } = await approvedUser(api, 'exporter');
    const link = await api.call('POST', '/api/links', { session: sessionId, body: { originalUrl: 'https://example.com/popular' } });
    const small = await api.call('POST', '/api/links', { session: sessionId, body: { originalUrl: 'https://example.com/small' } });
    owner = { session: sessionId, linkId: link.body.id, smallLinkId: small.body.id };
    const insert = (linkId: string, n: number) =>
      api.dataSource.query(
        `INSERT INTO clicks (id, link_id, owner_id, clicked_at, ip, country, city, browser, os, device, referrer, user_agent)
       SELECT gen_random_uuid(), $1, $2, now() - make_interval(secs => g), '203.0.113.' || (g % 250), 'United Kingdom', 'London',
              'Chrome', 'Windows', 'desktop', 'https://news.example/' || g || '/' || repeat('x', 300), ''
         FROM generate_series(1, $3) g`,
        [linkId, user.id, n],
      );
    await insert(owner.linkId, CLICKS);
    await insert(owner.smallLinkId, READ_CLICKS);
    other = (await approvedUser(api, 'bystander')).sessionId;
  }, 120_000);
  afterAll(() => api?.close());

  it(`${UNREAD} unread JSON exports of ${CLICKS} clicks: another user's /api/auth/me answers 200 throughout`, async () => {
    const sockets = await Promise.all(
      Array.from({ length: UNREAD }, () => unreadRequest(api.baseUrl, `/api/links/${owner.linkId}/clicks?format=json`, owner.session)),
    );
    await new Promise((r) => setTimeout(r, 1500));
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const me = await api.call('GET', '/api/auth/me', { session: other });
      expect([me.status, me.body.user?.username]).toEqual([200, 'bystander']);
      expect({ answered: performance.now() - started < 2000 ? 'within 2 s' : 'late' }).toEqual({ answered: 'within 2 s' });
      await new Promise((r) => setTimeout(r, 300));
    }
    for (const s of sockets) s.destroy();
  }, 120_000);

  it('an export nobody reads is closed after the stall timeout: reading later gets the buffered part, then the end', async () => {
    const socket = await unreadRequest(api.baseUrl, `/api/links/${owner.linkId}/clicks?format=json`, owner.session);
    // The kernel takes up to ~36 MB per loopback socket before a write waits; then 3 s (EXPORT_STALL_MS here) pass.
    await new Promise((r) => setTimeout(r, 15_000));
    const ending = await new Promise<string>((resolve) => {
      let head = '';
      let tail = '';
      const timer = setTimeout(() => resolve('still open'), 30_000);
      socket.on('data', (c: Buffer) => {
        if (head.length < 12) head += c.toString('latin1', 0, 12);
        tail = (tail + c.toString('latin1')).slice(-16);
      });
      socket.on('error', () => undefined);
      socket.once('close', () => {
        clearTimeout(timer);
        // A chunked body that was sent whole ends with the final `0` chunk.
        if (!head.startsWith('HTTP/1.1 200')) resolve(`answered ${head}`);
        else resolve(tail.endsWith('\r\n0\r\n\r\n') ? 'completed' : 'cut off');
      });
      socket.resume();
    });
    socket.destroy();
    expect(ending).toBe('cut off');
  }, 120_000);

  it('a client that reads gets every click, in order, as one JSON array (and as CSV)', async () => {
    const res = await fetch(`${api.baseUrl}/api/links/${owner.smallLinkId}/clicks?format=json`, {
      headers: { authorization: `Bearer ${owner.session}` },
    });
    const rows = (await res.json()) as Array<{ id: string; at: string }>;
    expect(rows.length).toBe(READ_CLICKS);
    expect(new Set(rows.map((r) => r.id)).size).toBe(READ_CLICKS);
    const sorted = [...rows].sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
    expect(rows.map((r) => r.id)).toEqual(sorted.map((r) => r.id));
    const csv = await fetch(`${api.baseUrl}/api/links/${owner.smallLinkId}/clicks?format=csv`, {
      headers: { authorization: `Bearer ${owner.session}` },
    });
    expect((await csv.text()).trim().split('\r\n').length).toBe(READ_CLICKS + 1);
  }, 60_000);
});
