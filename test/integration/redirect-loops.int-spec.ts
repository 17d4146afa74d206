import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { approvedUser } from '../helpers/auth.js';
import { addVerifiedDomain } from '../helpers/domains.js';
import { BROWSER_UA } from '../helpers/user-agents.js';
import { eventually, startRedirectorFixture } from './redirector-fixture.js';

const OWN_HOST = { statusCode: 400, message: 'A short link cannot point at another short link of this service.' };

/** Issue 16 items 4 and 8: no destination that leads back to the service, no rename that makes a loop, URLs stored normalised. */
describe('redirect loops and stored URLs', () => {
  let api: TestApi;
  let session: string;
  const create = (originalUrl: string, extra: Record<string, unknown> = {}) =>
    api.call('POST', '/api/links', { session, body: { originalUrl, ...extra } });

  beforeAll(async () => {
    api = await startTestApi({ SHORT_BASE_URL: 'http://lp.test:8380', REDIRECT_PORT: '8380', API_PORT: '3380' });
    session = (await approvedUser(api, 'looper')).sessionId;
  });
  afterAll(() => api?.close());

  it('refuses destinations on loopback or unspecified addresses in every notation, and private addresses on our ports', async () => {
    for (const url of [
      'http://127.0.0.1:8380/s/x',
      'http://[::1]:8380/s/x',
      'http://0x7f.1:8380/s/x',
      'http://2130706433:8380/s/x',
      'http://0177.0.0.1/s/x',
      'http://[::ffff:127.0.0.1]:8380/s/x',
      'http://[0:0:0:0:0:0:0:1]/s/x',
      'http://localhost:3000/',
      'http://0.0.0.0:8380/s/x',
      'http://LP.TEST./s/x',
      'http://10.0.0.5:8380/s/x',
      'http://192.168.1.20:3380/api/links',
      'http://127.1:8380/s/x',
      'http://0x7f000001/s/x',
      'http://[::]:8380/s/x',
      'http://lp.test:9999/s/x',
    ]) {
      const res = await create(url);
      expect({ url, body: res.body }).toEqual({ url, body: OWN_HOST });
    }
    const ok = await create('http://10.0.0.5:9000/intranet');
    expect(ok.status).toBe(201);
    // The same check for an edit and for the controls' URLs.
    const edit = await api.call('PUT', `/api/links/${ok.body.id}`, { session, body: { name: 'n', originalUrl: 'http://0x7f.1:8380/s/x' } });
    expect(edit.body).toEqual(OWN_HOST);
    const variants = [
      { url: 'https://example.org/a', weight: 50 },
      { url: 'http://[::1]:8380/s/x', weight: 50 },
    ];
    expect((await create('https://example.org/', { variants })).body).toEqual({
      statusCode: 400,
      message:
        "variants[1].url: must be an http:// or https:// URL that is not one of this service's short links (A short link cannot point at another short link of this service.)",
    });
  });

  it('a domain cannot be renamed to a host its own links point at (that would redirect to itself)', async () => {
    const domain = await addVerifiedDomain(api, session, 'go.loop-example.com');
    expect((await create('https://next.loop-example.com/xyz', { shortCode: 'xyz', domainId: domain.id })).status).toBe(201);
    const rename = await api.call('PUT', `/api/domains/${domain.id}`, { session, body: { domain: 'next.loop-example.com' } });
    expect(rename.body).toEqual({
      statusCode: 409,
      message: '1 link on this domain points at next.loop-example.com; renaming would make it redirect to itself.',
    });
    expect((await api.call('PUT', `/api/domains/${domain.id}`, { session, body: { domain: 'other.loop-example.com' } })).status).toBe(200);
  });

  it('a domain verified onto the host a link points at turns that link into a counted hop at once, not 30 s later', async () => {
    const redirector = await startRedirectorFixture(
      { REDIS_PREFIX: api.config.redisPrefix, SHORT_BASE_URL: api.config.shortBaseUrl },
      api.config.redisUrl,
      api.db,
    );
    try {
      const link = await create('https://later.loop-example.net/landing');
      expect(link.status).toBe(201);
      const location = async () =>
        (await redirector.get(`/s/${link.body.shortCode}`, { Host: 'lp.test:8380', 'User-Agent': BROWSER_UA })).headers.location;
      expect(await location()).toBe('https://later.loop-example.net/landing'); // now in the redirector's LRU
      await addVerifiedDomain(api, session, 'later.loop-example.net');
      await eventually(async () => (await location()) === 'https://later.loop-example.net/landing?lp_hop=1', 5000);
    } finally {
      await redirector.close({ keepDb: true });
    }
  });

  it('stores and shows the normalised URL (no CR/LF), the one visitors are sent to', async () => {
    const res = await create('https://Example.org/a\r\nSet-Cookie: pwn=1');
    expect(res.status).toBe(201);
    expect(res.body.originalUrl).toBe('https://example.org/aSet-Cookie:%20pwn=1');
    const [row] = await api.dataSource.query('SELECT original_url FROM links WHERE id = $1', [res.body.id]);
    expect(row.original_url).toBe('https://example.org/aSet-Cookie:%20pwn=1');
    const edited = await api.call('PUT', `/api/links/${res.body.id}`, { session, body: { name: 'n', originalUrl: 'HTTPS://EXAMPLE.ORG/b\tc' } });
    expect(edited.body.originalUrl).toBe('https://example.org/bc');
  });
});
