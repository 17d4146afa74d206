import { PNG } from 'pngjs';
import { approvedUser } from '../helpers/auth.js';
import { probeDuring, send, type RawReply } from '../helpers/stall-probe.js';
import { startTestApi, type TestApi } from '../helpers/test-api.js';

/**
 * QR codes (issue 35, docs/security.md "QR codes"): PNGs are drawn on a worker thread, not on the api's event loop,
 * and kept in a cache; 16 simultaneous 2048 px PNGs of 16 links leave /api/health/live answering within 1 s.
 */
describe('QR codes off the event loop', () => {
  let api: TestApi;
  let session: string;
  const ids: string[] = [];

  beforeAll(async () => {
    api = await startTestApi();
    session = (await approvedUser(api, 'qr-user')).sessionId;
    for (let i = 0; i < 16; i++) {
      const res = await api.call('POST', '/api/links', { session, body: { originalUrl: `https://example.com/qr/${i}` } });
      ids.push(res.body.id);
    }
  }, 60_000);
  afterAll(() => api?.close());

  const qr = (id: string, query: string) => send(api.baseUrl, 'GET', `/api/links/${id}/qr?${query}`, { authorization: `Bearer ${session}` }, []);

  it('16 simultaneous 2048 px PNGs (twice): every one a 2048 px PNG, /api/health/live answered within 1 s throughout', async () => {
    const { result, slowestMs, statuses } = await probeDuring(api, async () => {
      const replies: Array<RawReply | 'no answer'> = [];
      // The second round asks for other sizes, so neither round is answered from the cache.
      for (const size of [2048, 2047]) replies.push(...(await Promise.all(ids.map((id) => qr(id, `format=png&size=${size}`)))));
      return replies;
    });
    for (const [i, reply] of result.entries()) {
      if (reply === 'no answer') throw new Error(`QR ${i}: no answer`);
      expect([reply.status, reply.headers['content-type']]).toEqual([200, 'image/png']);
      expect(PNG.sync.read(reply.bytes).width).toBe(i < 16 ? 2048 : 2047);
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect({ slowest: slowestMs < 1000 ? 'within 1 s' : slowestMs }).toEqual({ slowest: 'within 1 s' });
  }, 120_000);

  it('the same QR asked again is the same image (from the cache); SVG too; a bad size is a 400 naming the field', async () => {
    const first = (await qr(ids[0], 'format=png&size=300')) as RawReply;
    const again = (await qr(ids[0], 'format=png&size=300')) as RawReply;
    expect(again.bytes.equals(first.bytes)).toBe(true);
    const svg = (await qr(ids[1], 'format=svg&size=256')) as RawReply;
    expect([svg.status, svg.headers['content-type'], String(svg.body).startsWith('<svg')]).toEqual([200, 'image/svg+xml; charset=utf-8', true]);
    const bad = (await qr(ids[0], 'format=png&size=99999')) as RawReply;
    expect([bad.status, String(bad.body.message).startsWith('size:')]).toEqual([400, true]);
  });
});
