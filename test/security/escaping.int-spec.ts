import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createLogger, loadConfig } from '@app/config';
import { startRedirector, type Redirector } from '../../apps/redirector/app.js';
import { send } from '../integration/redirector-fixture.js';
import { approvedUser } from '../helpers/auth.js';
import { addVerifiedDomain } from '../helpers/domains.js';
import { startTestApi, type TestApi } from '../helpers/test-api.js';

/**
 * Script-bearing names, titles and URLs, created through the api, must come out of every page we serve only as
 * escaped text; every page carries a Content-Security-Policy and nosniff; redirects only ever lead to http(s).
 */
const NAME = '<script>alert(1)</script>';
const OG_TITLE = '"><script>alert("title")</script>';
const OG_DESCRIPTION = "'><script>alert('description')</script><img src=x onerror=alert(2)>";
const CRAWLER = 'Twitterbot/1.0';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36';

/** Any markup a payload above could have left behind unescaped (escaped, the same text is harmless). */
const RAW_MARKUP = /<script|<img src=x/i;

describe('escaping, security headers and redirect safety', () => {
  let api: TestApi;
  let redirector: Redirector;
  let session: string;
  let webDir: string | null = null;
  let code: string;

  beforeAll(async () => {
    // The built web app when there is one; otherwise a stand-in index.html (the headers come from the api, not the file).
    let webDist = resolve('dist/web');
    if (!existsSync(join(webDist, 'index.html'))) {
      webDir = mkdtempSync(join(tmpdir(), 'lp-web-'));
      writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>LinkPulse</title><div id="root"></div>');
      webDist = webDir;
    }
    api = await startTestApi({ WEB_DIST: webDist });
    session = (await approvedUser(api, 'escaper')).sessionId;
    const config = loadConfig({
      DATABASE_URL: api.config.databaseUrl,
      REDIS_URL: api.config.redisUrl,
      REDIS_PREFIX: api.config.redisPrefix,
      SHORT_BASE_URL: api.config.shortBaseUrl,
      REDIRECT_PORT: '0',
      LOG_LEVEL: 'error',
    });
    redirector = await startRedirector(config, createLogger('redirector-test', 'error'));

    const link = await api.call('POST', '/api/links', {
      session,
      body: { name: NAME, originalUrl: 'https://example.com/a?x=1&y="2"', shortCode: 'xss-probe', ogTitle: OG_TITLE, ogDescription: OG_DESCRIPTION },
    });
    expect(link.status).toBe(201);
    expect(link.body).toMatchObject({ name: NAME, ogTitle: OG_TITLE, ogDescription: OG_DESCRIPTION });
    code = link.body.shortCode;
  }, 60_000);
  afterAll(async () => {
    await redirector?.close(2000).catch(() => undefined);
    await api?.close();
    if (webDir) rmSync(webDir, { recursive: true, force: true });
  });

  const redirect = (path: string, userAgent = BROWSER) =>
    send(redirector.port, path, { host: new URL(api.config.shortBaseUrl).host, 'user-agent': userAgent }, 'GET');

  it("the redirector's Open Graph preview shows the values only escaped, under a strict CSP", async () => {
    const page = await redirect(`/s/${code}`, CRAWLER);
    expect(page.status).toBe(200);
    expect(page.body).not.toMatch(RAW_MARKUP);
    expect(page.body).toContain('&quot;&gt;&lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt;');
    expect(page.body).toContain('&#39;&gt;&lt;script&gt;alert(&#39;description&#39;)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;');
    expect(page.body).toContain('https://example.com/a?x=1&amp;y=');
    expect(page.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(page.headers['content-security-policy']).not.toMatch(/script-src/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-robots-tag']).toBe('noindex');
  });

  it('the Link Not Found page carries a CSP, nosniff and noindex, and does not echo the path', async () => {
    const page = await redirect('/s/%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(page.status).toBe(404);
    expect(page.body).toContain('Link Not Found');
    expect(page.body).not.toMatch(RAW_MARKUP);
    expect(page.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a redirect is a 302 to the http(s) target with X-Robots-Tag: noindex', async () => {
    const r = await redirect(`/s/${code}`);
    expect(r.status).toBe(302);
    expect(r.headers.location).toMatch(/^https:\/\/example\.com\/a\?x=1&y=/);
    expect(r.headers['x-robots-tag']).toBe('noindex');
  });

  it('the HTML export holds the link name only escaped, with a CSP that forbids scripts', async () => {
    const res = await fetch(`${api.baseUrl}/api/export/html?timezoneOffset=0`, { headers: { authorization: `Bearer ${session}` } });
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toMatch(RAW_MARKUP);
    expect(html).not.toMatch(/<script/i);
    // Served: the api's CSP allows no inline script. Saved to disk (where headers are gone): the file's own CSP allows nothing.
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'(;|$)/);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src-attr 'none'/);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none';`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="performance-\d{4}-\d{2}-\d{2}\.html"$/);
    // The other formats carry it as plain data, never as markup the browser would run.
    const json = await fetch(`${api.baseUrl}/api/export/json?timezoneOffset=0`, { headers: { authorization: `Bearer ${session}` } });
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(json.headers.get('x-content-type-options')).toBe('nosniff');
    const csv = await fetch(`${api.baseUrl}/api/export/csv?timezoneOffset=0`, { headers: { authorization: `Bearer ${session}` } });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="performance-\d{4}-\d{2}-\d{2}\.csv"$/);
  });

  it('the web app, its client routes, the API docs and API errors carry a CSP without inline scripts and nosniff', async () => {
    for (const path of ['/', '/dashboard', '/s/xss-probe', '/api/docs', '/api/links', '/api/nope']) {
      const res = await fetch(api.baseUrl + path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect({ path, csp: csp.length > 0 }).toEqual({ path, csp: true });
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).toMatch(/object-src 'none'/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      // Sockets only to our own origin (issue 35): never `ws:`/`wss:` to any host.
      const connect = /connect-src ([^;]*)/.exec(csp)?.[1].split(' ') ?? [];
      expect(connect).toEqual(["'self'", `ws://${new URL(api.config.appUrl).host}`]);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      await res.arrayBuffer();
    }
    const index = await fetch(api.baseUrl + '/');
    expect(index.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await index.text()).not.toMatch(/<script>(?!\s*<\/script>)/); // no inline script the CSP would have to allow
  });

  it('the JSON api returns the script-bearing name as JSON data, never as HTML', async () => {
    const res = await api.call('GET', '/api/links', { session });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body.find((l: { shortCode: string }) => l.shortCode === code).name).toBe(NAME);
  });

  it('links to non-http(s) targets, to our own short host, or with such a preview image are refused with 400', async () => {
    const own = new URL(api.config.shortBaseUrl);
    const before = await api.dataSource.query('SELECT count(*)::int AS n FROM links');
    const targets = [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'javascript://example.com/%0Aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://example.com/file',
      'blob:https://example.com/uuid',
      '//evil.example/path',
      'https://',
      'http:/localhost:8080/s/loop',
      `${own.origin}/s/xss-probe`,
      `${own.protocol}//${own.host.toUpperCase()}/s/loop`,
    ];
    const accepted: string[] = [];
    for (const originalUrl of targets) {
      const res = await api.call('POST', '/api/links', { session, body: { originalUrl } });
      if (res.status !== 400 || !(typeof res.body?.message === 'string' && res.body.message.length > 0))
        accepted.push(`${JSON.stringify(originalUrl)} → ${res.status} ${JSON.stringify(res.body)}`);
    }
    for (const originalUrl of ['javascript:alert(1)', 'data:text/html,x', `${own.origin}/s/x`]) {
      const link = (await api.call('GET', '/api/links', { session })).body[0];
      const res = await api.call('PUT', `/api/links/${link.id}`, { session, body: { name: 'edited', originalUrl } });
      if (res.status !== 400) accepted.push(`PUT ${JSON.stringify(originalUrl)} → ${res.status} ${JSON.stringify(res.body)}`);
    }
    for (const ogImage of ['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>']) {
      const res = await api.call('POST', '/api/links', { session, body: { originalUrl: 'https://example.com/', ogTitle: 'x', ogImage } });
      if (res.status !== 400) accepted.push(`ogImage ${JSON.stringify(ogImage)} → ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(accepted).toEqual([]);
    expect(await api.dataSource.query('SELECT count(*)::int AS n FROM links')).toEqual(before);
    // Whatever is stored is http(s): the redirector can only ever send people there.
    expect(await api.dataSource.query(`SELECT original_url FROM links WHERE original_url !~* '^https?://'`)).toEqual([]);
  });

  it('a link to a custom domain of ours (a loop through our own hosts) is refused', async () => {
    expect((await addVerifiedDomain(api, session, 'go.escaper.test')).isActive).toBe(true);
    const res = await api.call('POST', '/api/links', { session, body: { originalUrl: 'https://go.escaper.test/xss-probe' } });
    expect({ status: res.status, message: typeof res.body?.message }).toEqual({ status: 400, message: 'string' });
  });

  it('lenient spellings without // are refused (a browser would read them relative to our host); upper case is fine', async () => {
    for (const originalUrl of ['http:/example.com/a', 'https:example.com/a', 'http:\\\\example.com\\a', 'https:/\\example.com/a']) {
      const res = await api.call('POST', '/api/links', { session, body: { originalUrl } });
      expect({ originalUrl, status: res.status, body: res.body }).toEqual({
        originalUrl,
        status: 400,
        body: { statusCode: 400, message: 'Please enter a valid URL' },
      });
    }
    const created = await api.call('POST', '/api/links', { session, body: { originalUrl: 'HTTPS://EXAMPLE.COM/a' } });
    expect(created.status).toBe(201);
    const r = await redirect(`/s/${created.body.shortCode}`);
    expect(r.status).toBe(302);
    expect(r.headers.location).toMatch(/^https:\/\/example\.com\/a$/i);
  });

  it('non-ASCII targets are stored so that the Location header is valid, and the redirector answers them', async () => {
    for (const originalUrl of ['https://example.com/привет?q=ü', 'https://münchen.example/straße', 'https://example.com/a b']) {
      const created = await api.call('POST', '/api/links', { session, body: { originalUrl } });
      if (created.status === 400) continue; // refusing is fine too
      expect(created.status).toBe(201);
      const r = await redirect(`/s/${created.body.shortCode}`);
      expect({ originalUrl, status: r.status }).toEqual({ originalUrl, status: 302 });
      expect(r.headers.location).toMatch(/^https:\/\/[\x21-\x7e]+$/);
    }
    expect((await send(redirector.port, '/healthz', {}, 'GET')).body).toBe('ok');
  });
});
