import { createHash, X509Certificate, createPrivateKey } from 'node:crypto';
import { loadConfig, openSecret, sealSecret } from '@app/config';
import { EventStore } from '@app/event-store';
import { DomainSslKeys1766000000000 } from '../../libs/database/src/migrations/1766000000000-domain-ssl-keys.js';
import { generateSelfSigned, readSslKey, resealSslKeys } from '@app/links';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { adminSession, approvedUser } from '../helpers/auth.js';

/**
 * Issue 16 item 7: SSL private keys live only in `domain_ssl_keys`, sealed with AES-256-GCM under SECRETS_KEY; events
 * and the read model carry the certificate's fingerprint and label; deleting the domain or its owner deletes the key;
 * generation does not block the api's event loop.
 */
describe('SSL private keys', () => {
  let api: TestApi;
  let admin: string;
  const regenerate = (session: string, id: string) => api.call('POST', `/api/domains/${id}/ssl/regenerate`, { session });
  const addDomain = async (session: string, domain: string) => (await api.call('POST', '/api/domains', { session, body: { domain } })).body;
  const keyRows = (domainId: string) => api.dataSource.query('SELECT * FROM domain_ssl_keys WHERE domain_id = $1', [domainId]);
  const streamData = async (domainId: string) =>
    JSON.stringify(await api.dataSource.query('SELECT type, data FROM events WHERE stream_id = $1 ORDER BY version', [domainId]));

  const previousKey = process.env.SECRETS_KEY;
  beforeAll(async () => {
    // The migration reads SECRETS_KEY from the environment, as in production.
    process.env.SECRETS_KEY = 'ab'.repeat(32);
    api = await startTestApi();
    expect(api.config.secretsKey).toEqual(Buffer.from('ab'.repeat(32), 'hex'));
    admin = await adminSession(api);
  });
  afterAll(async () => {
    await api?.close();
    if (previousKey === undefined) delete process.env.SECRETS_KEY;
    else process.env.SECRETS_KEY = previousKey;
  });

  it('keeps the key out of events, the read model and the answer: the event has the fingerprint and label', async () => {
    const { sessionId } = await approvedUser(api, 'sslkeys1');
    const domain = await addDomain(sessionId, 'keys.example.com');
    const res = await regenerate(sessionId, domain.id);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toMatch(/PRIVATE|BEGIN|privateKey/i);
    expect(JSON.stringify((await api.call('GET', '/api/domains', { session: sessionId })).body)).not.toMatch(/PRIVATE|BEGIN|privateKey/i);

    const [row] = await keyRows(domain.id);
    const cert = new X509Certificate(row.certificate_pem);
    const fingerprint = createHash('sha256').update(cert.raw).digest('hex');
    expect(row.fingerprint).toBe(fingerprint);
    expect(row.private_key_sealed).not.toContain('PRIVATE KEY');
    expect(cert.checkPrivateKey(createPrivateKey(openSecret(api.config.secretsKey, row.private_key_sealed, domain.id)))).toBe(true);
    expect((await readSslKey(api.dataSource, [api.config.secretsKey], domain.id))?.certificatePem).toBe(row.certificate_pem);
    // Sealed for this row: another key or another domain id does not open it.
    expect(() => openSecret(Buffer.alloc(32, 7), row.private_key_sealed, domain.id)).toThrow();
    expect(() => openSecret(api.config.secretsKey, row.private_key_sealed, '00000000-0000-0000-0000-000000000000')).toThrow();

    const events = await streamData(domain.id);
    expect(events).not.toMatch(/PRIVATE|BEGIN/);
    const [generated] = await api.dataSource.query(`SELECT data FROM events WHERE stream_id = $1 AND type = 'domain-ssl-generated'`, [domain.id]);
    expect(generated.data).toEqual({ domainId: domain.id, fingerprint, label: 'Self-signed', at: expect.any(String) });
    const columns = await api.dataSource.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'domains'`);
    expect(columns.map((c: { column_name: string }) => c.column_name)).not.toContain('ssl_private_key');
  });

  it('a regeneration replaces the key; a projection rebuild keeps the current one', async () => {
    const { sessionId } = await approvedUser(api, 'sslkeys2');
    const domain = await addDomain(sessionId, 'rotate.example.com');
    await regenerate(sessionId, domain.id);
    const [first] = await keyRows(domain.id);
    await regenerate(sessionId, domain.id);
    const rows = await keyRows(domain.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].fingerprint).not.toBe(first.fingerprint);
    await api.app.get(EventStore).rebuild();
    expect(await keyRows(domain.id)).toEqual(rows);
    const [read] = await api.dataSource.query('SELECT ssl_fingerprint FROM domains WHERE id = $1', [domain.id]);
    expect(read.ssl_fingerprint).toBe(rows[0].fingerprint);
  });

  it('deleting the domain, or its owner, deletes the key row', async () => {
    const { sessionId, user } = await approvedUser(api, 'sslkeys3');
    const one = await addDomain(sessionId, 'gone.example.com');
    const two = await addDomain(sessionId, 'gone-too.example.com');
    await regenerate(sessionId, one.id);
    await regenerate(sessionId, two.id);
    expect((await api.call('DELETE', `/api/domains/${one.id}`, { session: sessionId })).status).toBe(200);
    expect(await keyRows(one.id)).toEqual([]);
    expect(await keyRows(two.id)).toHaveLength(1);
    expect((await api.call('DELETE', `/api/admin/users/${user.id}`, { session: admin })).status).toBe(200);
    expect(await keyRows(two.id)).toEqual([]);
  });

  it('generation runs off the event loop: a health check sent during it answers before it ends', async () => {
    let generated = false;
    const generation = generateSelfSigned('busy.example.com').then((m) => ((generated = true), m));
    const health = await api.call('GET', '/api/health/live');
    expect({ status: health.status, generatedYet: generated }).toEqual({ status: 200, generatedYet: false });
    expect((await generation).privateKeyPem).toContain('PRIVATE KEY');

    const { sessionId } = await approvedUser(api, 'sslkeys4');
    const domain = await addDomain(sessionId, 'busy.example.com');
    let answered = false;
    const regenerating = regenerate(sessionId, domain.id).then((r) => ({ status: r.status, healthAnsweredFirst: answered }));
    await new Promise((r) => setTimeout(r, 30));
    expect((await api.call('GET', '/api/health/live')).status).toBe(200);
    answered = true;
    expect(await regenerating).toEqual({ status: 200, healthAnsweredFirst: true });
  });

  it('rotating SECRETS_KEY: keys sealed under the previous key still open, then are re-sealed under the new one', async () => {
    const { sessionId } = await approvedUser(api, 'sslrotate');
    const domain = await addDomain(sessionId, 'rotate.example.com');
    expect((await regenerate(sessionId, domain.id)).status).toBe(200);
    const [before] = await keyRows(domain.id);
    const oldKey = api.config.secretsKey;
    const rotated = loadConfig({ ...process.env, SECRETS_KEY: 'cd'.repeat(32), SECRETS_KEY_PREVIOUS: 'ab'.repeat(32) });
    const newKey = rotated.secretsKey;
    expect(rotated.previousSecretsKeys).toEqual([oldKey]);
    expect(() => loadConfig({ ...process.env, SECRETS_KEY_PREVIOUS: 'not-a-key' })).toThrow(/SECRETS_KEY_PREVIOUS/);

    // While rotating, the stored key reads with the new key first and the old one after it.
    const plaintext = openSecret(oldKey, before.private_key_sealed, domain.id);
    expect((await readSslKey(api.dataSource, [newKey, oldKey], domain.id))?.privateKeyPem).toBe(plaintext);
    await expect(readSslKey(api.dataSource, [newKey], domain.id)).rejects.toThrow(/no configured key/);

    const first = await resealSslKeys(api.dataSource, newKey, rotated.previousSecretsKeys);
    expect(first.resealed).toBeGreaterThanOrEqual(1);
    expect(first.unreadable).toBe(0);
    const [after] = await keyRows(domain.id);
    expect(openSecret(newKey, after.private_key_sealed, domain.id)).toBe(plaintext);
    expect(() => openSecret(oldKey, after.private_key_sealed, domain.id)).toThrow();
    // Idempotent: a second instance starting with the same settings has nothing left to do.
    expect(await resealSslKeys(api.dataSource, newKey, rotated.previousSecretsKeys)).toEqual({ resealed: 0, unreadable: 0 });
    // Once SECRETS_KEY_PREVIOUS is removed, the new key alone reads it.
    expect((await readSslKey(api.dataSource, [newKey], domain.id))?.privateKeyPem).toBe(plaintext);
    // Put the suite's key back for the tests after this one.
    expect(await resealSslKeys(api.dataSource, oldKey, [newKey])).toEqual({ resealed: first.resealed, unreadable: 0 });
  });

  it('the migration moves keys out of the read model into the sealed table and scrubs them from stored events', async () => {
    const migration = new DomainSslKeys1766000000000();
    const q = api.dataSource.createQueryRunner();
    try {
      const { sessionId } = await approvedUser(api, 'sslkeys5');
      const domain = await addDomain(sessionId, 'legacy.example.com');
      expect(domain).toMatchObject({ domain: 'legacy.example.com' });
      await migration.down(q);
      const { certificatePem: LEGACY_CERT, privateKeyPem: LEGACY_KEY } = await generateSelfSigned('legacy.example.com');
      const legacy = new X509Certificate(LEGACY_CERT);
      const at = '2026-01-02T03:04:05.000Z';
      await api.dataSource.query(
        `INSERT INTO events (stream_type, stream_id, version, type, data, metadata, occurred_at)
         SELECT 'Domain', $1, max(version) + 1, 'domain-ssl-generated', $2, '{}', $3 FROM events WHERE stream_id = $1`,
        [domain.id, JSON.stringify({ domainId: domain.id, certificatePem: LEGACY_CERT, privateKeyPem: LEGACY_KEY, at }), at],
      );
      await api.dataSource.query('UPDATE domains SET ssl_certificate = $2, ssl_private_key = $3, ssl_generated_at = $4 WHERE id = $1', [
        domain.id,
        LEGACY_CERT,
        LEGACY_KEY,
        at,
      ]);
      await migration.up(q);

      const fingerprint = createHash('sha256').update(legacy.raw).digest('hex');
      const [row] = await keyRows(domain.id);
      expect(row).toMatchObject({ fingerprint, certificate_pem: LEGACY_CERT });
      expect(openSecret(api.config.secretsKey, row.private_key_sealed, domain.id)).toBe(LEGACY_KEY);
      const events = await streamData(domain.id);
      expect(events).not.toMatch(/PRIVATE|BEGIN/);
      const [generated] = await api.dataSource.query(`SELECT data FROM events WHERE stream_id = $1 AND type = 'domain-ssl-generated'`, [domain.id]);
      expect(generated.data).toEqual({ domainId: domain.id, fingerprint, label: 'Self-signed', at });
      const [read] = await api.dataSource.query('SELECT ssl_fingerprint, ssl_generated_at FROM domains WHERE id = $1', [domain.id]);
      expect(read).toEqual({ ssl_fingerprint: fingerprint, ssl_generated_at: new Date(at) });
      // Sealing is randomised: the same key sealed twice differs.
      expect(sealSecret(api.config.secretsKey, LEGACY_KEY, domain.id)).not.toBe(row.private_key_sealed);
    } finally {
      await q.release();
    }
  });
});
