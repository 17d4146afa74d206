import { EventStore } from '@app/event-store';
import { redisKeys } from '@app/contracts';
import { createDomainVerifier } from '@app/links';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { approvedUser } from '../helpers/auth.js';
import { verifyDomain } from '../helpers/domains.js';

const DAY = 86_400_000;

/** docs/product.md#domain-ownership: a custom domain serves, takes links and blocks links only once a DNS TXT record proves ownership. */
describe('domain verification', () => {
  let api: TestApi;
  let alice: string;
  let bob: string;
  const add = (session: string, domain: string) => api.call('POST', '/api/domains', { session, body: { domain } });
  const verify = (session: string, id: string) => api.call('POST', `/api/domains/${id}/verify`, { session });
  const keys = () => redisKeys(api.config.redisPrefix);

  beforeAll(async () => {
    api = await startTestApi({ SHORT_BASE_URL: 'http://lp.test' });
    alice = (await approvedUser(api, 'alice')).sessionId;
    bob = (await approvedUser(api, 'bob')).sessionId;
  });
  afterAll(() => api?.close());

  it('adds a domain pending and inactive, with the TXT record to create and a 7-day deadline', async () => {
    const res = await add(alice, 'Go.Verify-Example.com');
    expect(res.status).toBe(201);
    const { verification } = res.body;
    expect(res.body).toMatchObject({ domain: 'go.verify-example.com', isActive: false });
    expect(verification).toMatchObject({ status: 'pending', checkedAt: null, error: null });
    expect(verification.record).toEqual({
      type: 'TXT',
      name: '_linkpulse-challenge.go.verify-example.com',
      value: expect.stringMatching(/^lp-verify=[A-Za-z0-9_-]{32,}$/),
    });
    expect(Date.parse(verification.expiresAt) - Date.parse(res.body.createdAt)).toBe(7 * DAY);
    expect((await api.call('GET', '/api/domains', { session: alice })).body).toEqual([res.body]);
  });

  it('a pending domain takes no links, blocks nothing, and does not stop others from claiming the name', async () => {
    const [pending] = (await api.call('GET', '/api/domains', { session: alice })).body;
    const onPending = await api.call('POST', '/api/links', { session: alice, body: { originalUrl: 'https://example.org/p', domainId: pending.id } });
    expect(onPending.body).toEqual({ statusCode: 400, message: 'Please choose one of your active custom domains, or the default domain.' });
    expect(
      (await api.call('POST', '/api/links', { session: bob, body: { originalUrl: 'https://go.verify-example.com/page', shortCode: 'to-pending' } }))
        .status,
    ).toBe(201);
    const rival = await add(bob, 'go.verify-example.com');
    expect(rival.status).toBe(201);
    expect(rival.body.verification.record.value).not.toBe(pending.verification.record.value);
  });

  it('Verify now: says what it found while the record is missing or wrong, and activates the domain when it matches', async () => {
    const [pending] = (await api.call('GET', '/api/domains', { session: alice })).body;
    const { name, value } = pending.verification.record;

    const missing = await verify(alice, pending.id);
    expect(missing.status).toBe(200);
    expect(missing.body).toMatchObject({ isActive: false, verification: { status: 'pending', error: `No TXT record found at ${name}.` } });
    expect(Date.parse(missing.body.verification.checkedAt)).toBeGreaterThan(Date.now() - 60_000);

    api.dns.setTxt(name, ['v=spf1 -all', 'lp-verify=wrong']);
    const wrong = await verify(alice, pending.id);
    expect(wrong.body.verification).toMatchObject({
      status: 'pending',
      error: `The TXT record at ${name} does not contain "${value}" (found: "v=spf1 -all", "lp-verify=wrong").`,
    });

    api.dns.setTxt(name, ['v=spf1 -all', value]);
    const ok = await verify(alice, pending.id);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ isActive: true, verification: { status: 'verified', error: null } });
    expect((await verify(bob, pending.id)).status).toBe(404);
  });

  it('a verified domain takes links, blocks links to itself, and cannot be claimed or verified by anyone else', async () => {
    const [domain] = (await api.call('GET', '/api/domains', { session: alice })).body;
    const link = await api.call('POST', '/api/links', {
      session: alice,
      body: { originalUrl: 'https://example.org/v', shortCode: 'vlink', domainId: domain.id },
    });
    expect(link.status).toBe(201);
    expect(JSON.parse((await api.redis.get(keys().link('go.verify-example.com', 'vlink')))!).url).toBe('https://example.org/v');
    const loop = await api.call('POST', '/api/links', { session: bob, body: { originalUrl: 'https://go.verify-example.com/x' } });
    expect(loop.body).toEqual({ statusCode: 400, message: 'A short link cannot point at another short link of this service.' });
    expect((await add(bob, 'go.verify-example.com')).body).toEqual({ statusCode: 409, message: 'This domain is already registered' });

    const [rival] = (await api.call('GET', '/api/domains', { session: bob })).body;
    api.dns.setTxt(rival.verification.record.name, [rival.verification.record.value]);
    expect((await verify(bob, rival.id)).body).toEqual({ statusCode: 409, message: 'This domain is already registered' });
    await api.call('DELETE', `/api/domains/${rival.id}`, { session: bob });
  });

  it('renaming makes the domain pending again with a new record, and its links stop being served until verified', async () => {
    const [domain] = (await api.call('GET', '/api/domains', { session: alice })).body;
    const renamed = await api.call('PUT', `/api/domains/${domain.id}`, { session: alice, body: { domain: 'links.verify-example.com' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      isActive: false,
      verification: { status: 'pending', record: { name: '_linkpulse-challenge.links.verify-example.com' } },
    });
    expect(renamed.body.verification.record.value).not.toBe(domain.verification.record.value);
    expect(await api.redis.exists(keys().link('go.verify-example.com', 'vlink'), keys().link('links.verify-example.com', 'vlink'))).toBe(0);
    expect((await api.call('GET', '/api/links/by-code/vlink?domain=links.verify-example.com')).status).toBe(404);

    await verifyDomain(api, alice, renamed.body);
    expect(JSON.parse((await api.redis.get(keys().link('links.verify-example.com', 'vlink')))!).url).toBe('https://example.org/v');
  });

  it('the maintenance check verifies pending domains with backoff and expires those unverified for 7 days', async () => {
    const later = (await add(alice, 'later.verify-example.com')).body;
    const never = (await add(alice, 'never.verify-example.com')).body;
    const old = (await add(alice, 'old.verify-example.com')).body;
    await api.dataSource.query(`UPDATE domains SET verification_expires_at = now() - interval '1 minute' WHERE id = $1`, [old.id]);
    api.dns.setTxt(later.verification.record.name, [later.verification.record.value]);
    // The api's own store: every projection, as the worker's (@app/projections).
    const verifier = createDomainVerifier({ store: api.app.get(EventStore), dnsServers: api.config.dnsServers, dataSource: api.dataSource });

    const first = await verifier.runDue(new Date(Date.now() + 2 * 60_000));
    expect(first).toEqual({ checked: 2, verified: 1, expired: 1 });
    const byName = async () =>
      Object.fromEntries((await api.call('GET', '/api/domains', { session: alice })).body.map((d: any) => [d.domain, d.verification.status]));
    expect(await byName()).toMatchObject({
      'later.verify-example.com': 'verified',
      'never.verify-example.com': 'pending',
      'old.verify-example.com': 'expired',
    });
    // Backoff: the failed domain is not looked up again at once, only after its next check time.
    expect(await verifier.runDue(new Date(Date.now() + 2 * 60_000))).toEqual({ checked: 0, verified: 0, expired: 0 });
    const [row] = await api.dataSource.query('SELECT verification_attempts, verification_next_check_at FROM domains WHERE id = $1', [never.id]);
    expect(row.verification_attempts).toBe(1);
    expect(await verifier.runDue(new Date(row.verification_next_check_at.getTime() + 1000))).toEqual({ checked: 1, verified: 0, expired: 0 });
  });

  it('DOMAIN_VERIFICATION=off makes domains active when added', async () => {
    const trusted = await startTestApi({ SHORT_BASE_URL: 'http://lp.test', DOMAIN_VERIFICATION: 'off' });
    try {
      const carol = (await approvedUser(trusted, 'carol')).sessionId;
      const res = await trusted.call('POST', '/api/domains', { session: carol, body: { domain: 'trusted.example.com' } });
      expect(res.body).toMatchObject({ isActive: true, verification: { status: 'verified' } });
    } finally {
      await trusted.close();
    }
  });
});
