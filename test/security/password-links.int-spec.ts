import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { approvedUser } from '../helpers/auth.js';
import type { Redirector } from '../../apps/redirector/app.js';
import { startApiRedirectors, visitAs, type Reply } from '../integration/redirector-fixture.js';

/**
 * Password links and used-up links on the redirector (issue 35, docs/security.md "Password links"): a try is counted
 * before the password is verified, per address (IPv6 by /64) and per link across all addresses; crawlers are
 * answered as people are once a link has expired or is used up; no redirector page may be framed.
 */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const CRAWLERS = ['facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', 'Twitterbot/1.0', 'Slackbot-LinkExpanding 1.0'];

const visit = visitAs(BROWSER);

const tally = (replies: Reply[]) => {
  const counts: Record<number, number> = {};
  for (const r of replies) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
};

describe('password links and used-up links on the redirector', () => {
  let api: TestApi;
  let alice: string;
  let r1: Redirector;
  let r2: Redirector;

  beforeAll(async () => {
    api = await startTestApi({ SHORT_BASE_URL: 'http://lp.test' });
    alice = (await approvedUser(api, 'alice')).sessionId;
    [r1, r2] = await startApiRedirectors(api, 2, 'password-links-test');
  });
  afterAll(async () => {
    await r1?.close(2000);
    await r2?.close(2000);
    await api?.close();
  });

  const link = async (body: Record<string, unknown>) => {
    const res = await api.call('POST', '/api/links', { body, session: alice });
    if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: string; shortCode: string };
  };
  const tryPassword = (code: string, password: string, ip: string, i = 0) =>
    visit(i % 2 ? r1.port : r2.port, `/s/${code}`, { method: 'POST', form: `password=${password}`, headers: { 'x-forwarded-for': ip } });

  it('40 simultaneous wrong tries from one address over two redirectors: 5 are checked (401), 35 refused (429)', async () => {
    const l = await link({ originalUrl: 'https://example.com/race', password: 'the-right-one' });
    const replies = await Promise.all(Array.from({ length: 40 }, (_, i) => tryPassword(l.shortCode, `wrong-${i}`, '203.0.113.10', i)));
    expect(tally(replies)).toEqual({ 401: 5, 429: 35 });
    // Even the right password waits out the window from that address.
    expect((await tryPassword(l.shortCode, 'the-right-one', '203.0.113.10')).status).toBe(429);
  });

  it('60 tries from 60 addresses (one forged X-Forwarded-For each): 20 checked, 40 refused by the per-link limit', async () => {
    const l = await link({ originalUrl: 'https://example.com/rotate', password: 'the-right-one' });
    const replies: Reply[] = [];
    for (let i = 0; i < 60; i++) replies.push(await tryPassword(l.shortCode, `wrong-${i}`, `198.51.100.${i + 1}`, i));
    expect(tally(replies)).toEqual({ 401: 20, 429: 40 });
    // Another link is not affected.
    const other = await link({ originalUrl: 'https://example.com/other', password: 'other-password' });
    const right = await tryPassword(other.shortCode, 'other-password', '198.51.100.200');
    expect([right.status, right.headers.location]).toEqual([302, 'https://example.com/other']);
  });

  it('IPv6 addresses count by /64: 10 addresses of one /64 get 5 tries; the next /64 has its own', async () => {
    const l = await link({ originalUrl: 'https://example.com/v6', password: 'the-right-one' });
    const replies: Reply[] = [];
    for (let i = 0; i < 10; i++) replies.push(await tryPassword(l.shortCode, `wrong-${i}`, `2001:db8:1:2::${(i + 1).toString(16)}`, i));
    expect(tally(replies)).toEqual({ 401: 5, 429: 5 });
    expect((await tryPassword(l.shortCode, 'wrong', '2001:db8:1:2:ffff:ffff:ffff:ffff')).status).toBe(429);
    expect((await tryPassword(l.shortCode, 'wrong', '2001:db8:1:3::1')).status).toBe(401);
  });

  it('a right password gives its try back: a visitor who knows it is never locked out by their own visits', async () => {
    const l = await link({ originalUrl: 'https://example.com/regular', password: 'the-right-one' });
    for (let i = 0; i < 8; i++) {
      const r = await tryPassword(l.shortCode, 'the-right-one', '203.0.113.99', i);
      expect([r.status, r.headers.location]).toEqual([302, 'https://example.com/regular']);
    }
  });

  it('new link passwords need at least 8 characters: 400 naming the field, nothing stored', async () => {
    const before = await api.call('GET', '/api/links', { session: alice });
    const res = await api.call('POST', '/api/links', { body: { originalUrl: 'https://example.com/short-pw', password: 'seven77' }, session: alice });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^password/);
    expect(res.body.message).toContain('8 to 128 characters');
    expect((await api.call('GET', '/api/links', { session: alice })).body.length).toBe(before.body.length);
    const l = await link({ originalUrl: 'https://example.com/ok-pw', password: 'eight888' });
    const put = await api.call('PUT', `/api/links/${l.id}`, {
      body: { name: 'x', originalUrl: 'https://example.com/ok-pw', password: 'abc' },
      session: alice,
    });
    expect([put.status, String(put.body.message).startsWith('password')]).toEqual([400, true]);
  });

  it('crawlers get what people get from a used-up or expired link: the 410 page, never the destination', async () => {
    const used = await link({ originalUrl: 'https://example.com/used-up-secret', maxClicks: 1, ogTitle: 'Used up preview' });
    expect((await visit(r1.port, `/s/${used.shortCode}`)).status).toBe(302);
    expect((await visit(r1.port, `/s/${used.shortCode}`)).status).toBe(410);
    const expired = await link({
      originalUrl: 'https://example.com/expired-secret',
      expiresAt: new Date(Date.now() + 1500).toISOString(),
      ogTitle: 'Old',
    });
    await new Promise((r) => setTimeout(r, 1600));
    for (const ua of CRAWLERS) {
      for (const l of [used, expired]) {
        const page = await visit(r2.port, `/s/${l.shortCode}`, { headers: { 'user-agent': ua } });
        expect({ ua, status: page.status }).toEqual({ ua, status: 410 });
        expect(page.body).toContain('This link has expired');
        expect(page.body).not.toContain('example.com');
      }
    }
    // While a use is left, the crawler still gets the preview page (and takes no use).
    const fresh = await link({ originalUrl: 'https://example.com/fresh', maxClicks: 1, ogTitle: 'Fresh preview' });
    const preview = await visit(r2.port, `/s/${fresh.shortCode}`, { headers: { 'user-agent': CRAWLERS[0] } });
    expect([preview.status, preview.body.includes('Fresh preview')]).toEqual([200, true]);
    expect((await visit(r1.port, `/s/${fresh.shortCode}`)).headers.location).toBe('https://example.com/fresh');
  });

  it("every redirector page forbids framing (frame-ancestors 'none'); the password form allows the redirect after it", async () => {
    const pw = await link({ originalUrl: 'https://example.com/framed', password: 'the-right-one', ogTitle: 'T' });
    const og = await link({ originalUrl: 'https://example.com/og', ogTitle: 'OG' });
    const pages = [
      await visit(r1.port, '/s/does-not-exist'),
      await visit(r1.port, `/s/${pw.shortCode}`),
      await tryPassword(pw.shortCode, 'wrong', '203.0.113.50'),
      await visit(r1.port, `/s/${og.shortCode}`, { headers: { 'user-agent': CRAWLERS[0] } }),
    ];
    for (const p of pages) {
      expect({ status: p.status, csp: p.headers['content-security-policy'] }).toEqual({
        status: p.status,
        csp: expect.stringContaining("frame-ancestors 'none'"),
      });
      expect(p.headers['x-frame-options']).toBe('DENY');
    }
    expect(pages[1].headers['content-security-policy']).toMatch(/form-action 'self' https: http:/);
  });
});
