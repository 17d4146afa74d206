import { eventually, startRedirectorFixture } from './redirector-fixture.js';

type Fixture = Awaited<ReturnType<typeof startRedirectorFixture>>;
const UA = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36';

describe('redirector', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await startRedirectorFixture();
  });
  afterAll(async () => {
    await f.close();
  });

  it('answers /s/{code} with a 302 on any host, and HEAD too', async () => {
    await f.insertLink('docs', 'https://example.com/docs?a=1');
    for (const host of ['lp.test', 'localhost:8080', 'proxy.internal:1234']) {
      const r = await f.get('/s/docs', { host, 'user-agent': UA });
      expect(r.status).toBe(302);
      expect(r.headers.location).toBe('https://example.com/docs?a=1');
      expect(r.headers['cache-control']).toBe('private, max-age=0');
      expect(r.headers['x-robots-tag']).toBe('noindex');
    }
    const head = await f.get('/s/docs?utm_source=x', {}, 'HEAD');
    expect(head.status).toBe(302);
    expect(head.headers.location).toBe('https://example.com/docs?a=1');
  });

  it('shows the Link Not Found page for unknown codes, bad codes and other paths', async () => {
    for (const path of ['/s/missing', '/s/bad.code', '/', '/missing', '/s/' + 'x'.repeat(65)]) {
      const r = await f.get(path, { host: 'lp.test' });
      expect(r.status).toBe(404);
      expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(r.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
      expect(r.body).toContain('<title>Link Not Found</title>');
      expect(r.body).toContain('The shortened link could not be found.');
    }
    expect((await f.get('/s/missing', {}, 'HEAD')).status).toBe(404);
    expect((await f.get('/healthz')).body).toBe('ok');
    expect((await f.get('/s/docs', {}, 'POST')).status).toBe(405);
    expect((await f.get('/s/' + 'a'.repeat(2100))).status).toBe(414);
    expect((await f.get('/s/docs', { 'x-big': 'y'.repeat(20_000) })).status).toBe(431);
  });

  it('routes /{code} on a custom domain to that domain’s active links only', async () => {
    const brand = await f.insertDomain('Go.Brand.test');
    const old = await f.insertDomain('old.brand.test', false);
    await f.insertLink('promo', 'https://brand.example/promo', { domainId: brand });
    await f.insertLink('promo', 'https://example.com/default-promo');
    await f.insertLink('gone', 'https://brand.example/gone', { domainId: old });

    const r = await f.get('/promo?ref=x', { host: 'GO.brand.test:8443' });
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe('https://brand.example/promo');
    expect((await f.get('/s/promo', { host: 'go.brand.test' })).headers.location).toBe('https://example.com/default-promo');
    expect((await f.get('/promo', { host: 'lp.test' })).status).toBe(404);
    expect((await f.get('/gone', { host: 'old.brand.test' })).status).toBe(404);
    expect((await f.get('/promo', { host: 'other.test' })).status).toBe(404);
    expect((await f.get('/api/links', { host: 'go.brand.test' })).status).toBe(404);
  });

  it('gives social crawlers an Open Graph page with every value escaped, everyone else the 302', async () => {
    await f.insertLink('og', 'https://example.com/post?a=1&b="2"', {
      ogTitle: '<script>alert(1)</script> & "quotes"',
      ogDescription: 'Read <b>this</b>',
      ogImage: 'https://img.example/x.png?a=1&b=2',
    });
    const r = await f.get('/s/og', { 'user-agent': 'Twitterbot/1.0' });
    expect(r.status).toBe(200);
    expect(r.body).not.toContain('<script>');
    expect(r.body).toContain('<meta property="og:title" content="&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;">');
    expect(r.body).toContain('<meta property="og:description" content="Read &lt;b&gt;this&lt;/b&gt;">');
    expect(r.body).toContain('<meta property="og:image" content="https://img.example/x.png?a=1&amp;b=2">');
    expect(r.body).toContain('<meta property="og:url" content="http://lp.test/s/og">');
    expect(r.body).toContain('<meta http-equiv="refresh" content="0; url=https://example.com/post?a=1&amp;b=&quot;2&quot;">');
    expect((await f.get('/s/og', { 'user-agent': 'facebookexternalhit/1.1' })).status).toBe(200);
    expect((await f.get('/s/og', { 'user-agent': UA })).status).toBe(302);
    expect((await f.get('/s/docs', { 'user-agent': 'Slackbot-LinkExpanding 1.0' })).status).toBe(302); // no OG data: follow the redirect
  });

  it('follows an edit and a delete within a second of the invalidation', async () => {
    const id = await f.insertLink('edit-me', 'https://example.com/v1');
    expect((await f.get('/s/edit-me')).headers.location).toBe('https://example.com/v1');
    expect((await f.get('/s/edit-me')).headers.location).toBe('https://example.com/v1'); // from the LRU now

    await f.db.dataSource.query(`UPDATE links SET original_url = 'https://example.com/v2' WHERE id = $1`, [id]);
    await f.invalidate('_', 'edit-me', { id, url: 'https://example.com/v2', ogTitle: null, ogDescription: null, ogImage: null });
    expect(await eventually(async () => (await f.get('/s/edit-me')).headers.location === 'https://example.com/v2', 1000)).toBeLessThan(1000);

    await f.db.dataSource.query(`DELETE FROM links WHERE id = $1`, [id]);
    await f.invalidate('_', 'edit-me');
    expect(await eventually(async () => (await f.get('/s/edit-me')).status === 404, 1000)).toBeLessThan(1000);
  });

  it('shows a link created after a cached miss at once', async () => {
    expect((await f.get('/s/late')).status).toBe(404);
    expect(await f.control.exists(f.keys.linkMiss('_', 'late'))).toBe(1);
    await f.insertLink('late', 'https://example.com/late');
    await f.invalidate('_', 'late');
    expect(await eventually(async () => (await f.get('/s/late')).status === 302, 1000)).toBeLessThan(1000);
  });

  it('turns 50 redirects into a few BullMQ jobs holding exactly 50 clicks with the request details', async () => {
    const linkId = await f.insertLink('clicky', 'https://example.com/clicky');
    const before = (await f.queuedClicks()).length;
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        f.get('/s/clicky', {
          'user-agent': `${UA} #${i}`,
          referer: 'https://news.example/item',
          host: 'lp.test:80',
          ...(i % 2 === 0 ? { 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8' } : {}),
        }),
      ),
    );
    await f.get('/s/clicky', {}, 'HEAD'); // a link check, not a click
    await eventually(async () => (await f.queuedClicks()).length >= before + 50);
    await new Promise((r) => setTimeout(r, 100));
    const clicks = (await f.queuedClicks()).filter((c) => c.linkId === linkId);
    expect(clicks).toHaveLength(50);
    expect(new Set(clicks.map((c) => c.id)).size).toBe(50);
    const jobs = (await f.queuedJobs()).filter((j) => j.clicks.some((c) => c.linkId === linkId));
    expect(jobs.length).toBeLessThanOrEqual(10);
    const c = clicks[0];
    expect(c).toMatchObject({ linkId, ip: '127.0.0.1', referer: 'https://news.example/item', host: 'lp.test' });
    expect(c.userAgent.startsWith(UA)).toBe(true);
    // The header travels raw (the worker takes its primary tag): one per click that sent it.
    expect(clicks.filter((x) => x.acceptLanguage === 'pt-BR,pt;q=0.9,en;q=0.8')).toHaveLength(25);
    expect(Math.abs(Date.parse(c.at) - Date.now())).toBeLessThan(10_000);
    expect(f.app.clicks.stats()).toMatchObject({ dropped: 0, buffered: 0 });
  });
});

describe('redirector behind a trusted proxy, and at shutdown', () => {
  it('takes the client IP from X-Forwarded-For and flushes pending clicks on close', async () => {
    const f = await startRedirectorFixture({ TRUST_PROXY: '1', CLICK_FLUSH_MS: '10000' });
    try {
      const linkId = await f.insertLink('px', 'https://example.com/px');
      for (let i = 0; i < 3; i++) {
        expect((await f.get('/s/px', { 'x-forwarded-for': '6.6.6.6, ::ffff:81.2.69.160', 'user-agent': 'u'.repeat(2000) })).status).toBe(302);
      }
      expect(await f.queuedClicks()).toHaveLength(0); // still in the 10 s batch window
      expect(await f.app.close(5000)).toBe(0);
      const clicks = await f.queuedClicks();
      expect(clicks).toHaveLength(3);
      expect(clicks.every((c) => c.linkId === linkId && c.ip === '81.2.69.160' && c.userAgent.length === 512)).toBe(true);
    } finally {
      await f.close();
    }
  });
});
