import { X509Certificate, createPrivateKey } from 'node:crypto';
import { request } from 'node:http';
import { openSecret } from '@app/config';
import { redisKeys } from '@app/contracts';
import { formatDate } from '@app/time';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { approvedUser } from '../helpers/auth.js';
import { verifyDomain } from '../helpers/domains.js';

/** Custom domains: validation, uniqueness, ownership, links on domains, cache moves on rename, real SSL material. */
describe('domains api', () => {
  let api: TestApi;
  let alice: string;
  let bob: string;
  const keys = () => redisKeys(api.config.redisPrefix);
  const add = (session: string, domain: unknown) => api.call('POST', '/api/domains', { session, body: { domain } });

  beforeAll(async () => {
    api = await startTestApi({ SHORT_BASE_URL: 'http://lp.test' });
    alice = (await approvedUser(api, 'alice')).sessionId;
    bob = (await approvedUser(api, 'bob')).sessionId;
  });
  afterAll(() => api?.close());

  const getWithHost = (path: string, host: string) =>
    new Promise<string>((resolve, reject) => {
      const req = request(api.baseUrl + path, { headers: { host } }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve(body));
      });
      req.on('error', reject);
      req.end();
    });

  it('adds a valid domain lowercased and pending, without a certificate; active once its TXT record is verified', async () => {
    const res = await add(alice, '  Go.Brand-Example.COM ');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ domain: 'go.brand-example.com', isActive: false, sslCertificate: { exists: false, generated: null } });
    const verified = await verifyDomain(api, alice, res.body);
    expect(verified).toMatchObject({ domain: 'go.brand-example.com', isActive: true, verification: { status: 'verified' } });
    expect((await api.call('GET', '/api/domains', { session: alice })).body).toEqual([verified]);
    expect((await api.call('GET', '/api/domains', { session: bob })).body).toEqual([]);
  });

  it('refuses invalid names (400), a name anyone registered (409) and our own short host', async () => {
    for (const bad of [
      '',
      'not a domain',
      'https://x.com',
      'localhost',
      'x.c',
      'a..com',
      '-a.com',
      'a.com/path',
      'a.c0m',
      `${'a'.repeat(64)}.com`,
      7,
    ]) {
      const res = await add(alice, bad);
      expect({ bad, status: res.status, message: res.body.message }).toEqual({ bad, status: 400, message: 'Please enter a valid domain name' });
    }
    expect(await add(bob, 'GO.brand-example.com')).toMatchObject({ status: 409, body: { message: 'This domain is already registered' } });
    expect((await add(alice, 'lp.test')).body).toEqual({
      statusCode: 400,
      message: "The service's own short host cannot be added as a custom domain.",
    });
  });

  it("hides other users' domains (404) and answers malformed ids with 404", async () => {
    const [domain] = (await api.call('GET', '/api/domains', { session: alice })).body;
    expect((await api.call('PUT', `/api/domains/${domain.id}`, { session: bob, body: { domain: 'steal.example.com' } })).status).toBe(404);
    expect((await api.call('DELETE', `/api/domains/${domain.id}`, { session: bob })).status).toBe(404);
    expect((await api.call('POST', `/api/domains/${domain.id}/ssl/regenerate`, { session: bob })).status).toBe(404);
    for (const path of ['/api/domains/123', '/api/domains/123/ssl/regenerate']) {
      expect((await api.call(path.endsWith('regenerate') ? 'POST' : 'DELETE', path, { session: alice })).body).toEqual({
        statusCode: 404,
        message: 'Domain not found.',
      });
    }
  });

  it('generates a real key pair and self-signed certificate for the domain, and a new one on regenerate', async () => {
    const [domain] = (await api.call('GET', '/api/domains', { session: alice })).body;
    const res = await api.call('POST', `/api/domains/${domain.id}/ssl/regenerate`, { session: alice });
    expect(res.status).toBe(200);
    expect(res.body.sslCertificate).toEqual({ exists: true, generated: `Self-signed · ${formatDate(new Date().toISOString().slice(0, 10))}` });
    const [row] = await api.dataSource.query('SELECT certificate_pem, private_key_sealed FROM domain_ssl_keys WHERE domain_id = $1', [domain.id]);
    const cert = new X509Certificate(row.certificate_pem);
    expect(cert.subject).toBe('CN=go.brand-example.com');
    expect(cert.subjectAltName).toBe('DNS:go.brand-example.com');
    const privateKeyPem = openSecret(api.config.secretsKey, row.private_key_sealed, domain.id);
    expect(cert.checkPrivateKey(createPrivateKey(privateKeyPem))).toBe(true);
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(cert.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(JSON.stringify(res.body)).not.toContain('PRIVATE KEY');

    await api.call('POST', `/api/domains/${domain.id}/ssl/regenerate`, { session: alice });
    const again = await api.dataSource.query('SELECT certificate_pem FROM domain_ssl_keys WHERE domain_id = $1', [domain.id]);
    expect(again).toHaveLength(1);
    expect(again[0].certificate_pem).not.toBe(row.certificate_pem);
  });

  it('SSL regeneration is limited per user: the 6th within an hour is a 429 saying when to retry', async () => {
    const carol = (await approvedUser(api, 'carol')).sessionId;
    const domain = (await add(carol, 'ssl-limit.example.com')).body;
    for (let i = 0; i < 5; i++) expect((await api.call('POST', `/api/domains/${domain.id}/ssl/regenerate`, { session: carol })).status).toBe(200);
    expect((await api.call('POST', `/api/domains/${domain.id}/ssl/regenerate`, { session: carol })).body).toEqual({
      statusCode: 429,
      message: 'SSL certificates can be generated 5 times per hour; please try again later.',
    });
    // Another user's allowance is their own.
    expect(
      (
        await api.call('POST', `/api/domains/${(await api.call('GET', '/api/domains', { session: alice })).body[0].id}/ssl/regenerate`, {
          session: alice,
        })
      ).status,
    ).toBe(200);
  });

  it('links on a domain: codes unique per domain, only own domains, no links to registered domains, lookup by domain', async () => {
    const [domain] = (await api.call('GET', '/api/domains', { session: alice })).body;
    const onDomain = await api.call('POST', '/api/links', {
      session: alice,
      body: { originalUrl: 'https://example.org/d', shortCode: 'shared', domainId: domain.id },
    });
    expect(onDomain.status).toBe(201);
    expect(onDomain.body).toMatchObject({ domain: 'go.brand-example.com', domainId: domain.id, shortUrl: 'http://go.brand-example.com/shared' });
    const onDefault = await api.call('POST', '/api/links', {
      session: bob,
      body: { originalUrl: 'https://example.org/default', shortCode: 'shared' },
    });
    expect(onDefault.status).toBe(201);
    const dup = await api.call('POST', '/api/links', {
      session: alice,
      body: { originalUrl: 'https://example.org/e', shortCode: 'shared', domainId: domain.id },
    });
    expect(dup.body).toEqual({ statusCode: 409, message: 'That short code is already taken on this domain' });

    const foreign = await api.call('POST', '/api/links', { session: bob, body: { originalUrl: 'https://example.org/f', domainId: domain.id } });
    expect(foreign.body).toEqual({ statusCode: 400, message: 'Please choose one of your active custom domains, or the default domain.' });
    expect((await api.call('POST', '/api/links', { session: bob, body: { originalUrl: 'https://example.org/f', domainId: 'nope' } })).status).toBe(
      400,
    );
    const loop = await api.call('POST', '/api/links', { session: bob, body: { originalUrl: 'https://GO.brand-example.com/shared' } });
    expect(loop.body).toEqual({ statusCode: 400, message: 'A short link cannot point at another short link of this service.' });

    expect(JSON.parse((await api.redis.get(keys().link('go.brand-example.com', 'shared')))!).url).toBe('https://example.org/d');
    expect((await api.call('GET', '/api/links/by-code/shared?domain=go.brand-example.com')).body.originalUrl).toBe('https://example.org/d');
    // As the web app's fallback asks: on the custom host itself (fetch cannot set Host; node:http can).
    expect(JSON.parse(await getWithHost('/api/links/by-code/shared', 'Go.Brand-Example.com:3000')).originalUrl).toBe('https://example.org/d');
    expect((await api.call('GET', '/api/links/by-code/shared')).body.originalUrl).toBe('https://example.org/default');
  });

  it('keeps a domain with links (409 saying why), renames it moving its links in the cache, then deletes it once empty', async () => {
    const [domain] = (await api.call('GET', '/api/domains', { session: alice })).body;
    const del = await api.call('DELETE', `/api/domains/${domain.id}`, { session: alice });
    expect(del.body).toEqual({ statusCode: 409, message: 'This domain still has 1 link; delete or move them first.' });

    const renamed = await api.call('PUT', `/api/domains/${domain.id}`, { session: alice, body: { domain: 'links.brand-example.com' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: domain.id, domain: 'links.brand-example.com', sslCertificate: { exists: true } });
    expect(await api.redis.exists(keys().link('go.brand-example.com', 'shared'))).toBe(0);
    await verifyDomain(api, alice, renamed.body);
    expect(JSON.parse((await api.redis.get(keys().link('links.brand-example.com', 'shared')))!).url).toBe('https://example.org/d');
    const links = (await api.call('GET', '/api/links', { session: alice })).body;
    expect(links.find((l: { shortCode: string }) => l.shortCode === 'shared').shortUrl).toBe('http://links.brand-example.com/shared');
    expect((await api.call('PUT', `/api/domains/${domain.id}`, { session: alice, body: { domain: 'bad domain' } })).status).toBe(400);

    const link = links.find((l: { shortCode: string }) => l.shortCode === 'shared');
    expect((await api.call('DELETE', `/api/links/${link.id}`, { session: alice })).status).toBe(200);
    expect((await api.call('DELETE', `/api/domains/${domain.id}`, { session: alice })).status).toBe(200);
    expect((await api.call('GET', '/api/domains', { session: alice })).body).toEqual([]);
    // The name is free again, for anyone.
    expect((await add(bob, 'links.brand-example.com')).status).toBe(201);
  });
});
