import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, openSecret, sealSecret } from '@app/config';
import { resealWebhookSecrets, verifyWebhookSignature } from '@app/integrations';
import { WebhookSecretsSealed1767044100000 } from '../../libs/database/src/migrations/1767044100000-webhook-secrets-sealed.js';
import { approvedUser } from '../helpers/auth.js';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { until } from '../helpers/until.js';
import { startSuiteWorkers, type SuiteWorkers } from '../helpers/suite-workers.js';

/**
 * Webhook signing secrets are sealed at rest (issue 35, docs/security.md#webhooks) with the sealed-secret box of the
 * SSL keys and TOTP secrets (decision 0005): the table never holds one in plain text, deliveries are still signed with
 * it, the migration seals the secrets stored before, and a SECRETS_KEY rotation re-seals them.
 */
const log = createLogger('webhook-secrets-test', 'error');
const whole = (rows: unknown[]) => JSON.stringify(rows);

describe('webhook secrets sealed at rest', () => {
  let api: TestApi;
  let workers: SuiteWorkers;
  const bodies: { body: string; signature: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      bodies.push({ body, signature: String(req.headers['x-linkpulse-signature']) });
      res.writeHead(200).end();
    });
  });
  const previousKey = process.env.SECRETS_KEY;

  beforeAll(async () => {
    // The migration reads SECRETS_KEY from the environment, as in production.
    process.env.SECRETS_KEY = 'cd'.repeat(32);
    api = await startTestApi({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    workers = await startSuiteWorkers(api, log);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  }, 60_000);
  afterAll(async () => {
    server.close();
    await workers?.close();
    await api?.close();
    if (previousKey === undefined) delete process.env.SECRETS_KEY;
    else process.env.SECRETS_KEY = previousKey;
  });

  it('the table holds no plain-text secret; deliveries are signed with the secret shown once', async () => {
    const session = (await approvedUser(api, 'sealed-hooks')).sessionId;
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const hook = (await api.call('POST', '/api/webhooks', { session, body: { url, events: ['link.created'] } })).body;
    expect(hook.secret).toMatch(/^whsec_/);
    const rows = await api.dataSource.query<{ id: string; secret_sealed: string }[]>('SELECT * FROM webhooks WHERE id = $1', [hook.id]);
    expect(whole(rows)).not.toContain(hook.secret);
    expect(whole(rows)).not.toContain('whsec_');
    expect(openSecret(api.config.secretsKey, rows[0].secret_sealed, `webhook:${hook.id}`)).toBe(hook.secret);
    await api.call('POST', '/api/links', { session, body: { originalUrl: 'https://example.org/sealed' } });
    await until(async () => bodies.length === 1);
    expect(verifyWebhookSignature(hook.secret, bodies[0].body, bodies[0].signature)).toBe(true);
  });

  it('the migration seals every secret stored in plain text before it (and down opens them again)', async () => {
    const session = (await approvedUser(api, 'legacy-hooks')).sessionId;
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/legacy`;
    const hook = (await api.call('POST', '/api/webhooks', { session, body: { url, events: ['link.created'] } })).body;
    const migration = new WebhookSecretsSealed1767044100000();
    const q = api.dataSource.createQueryRunner();
    try {
      await migration.down(q);
      expect(await api.dataSource.query('SELECT secret FROM webhooks WHERE id = $1', [hook.id])).toEqual([{ secret: hook.secret }]);
      await migration.up(q);
    } finally {
      await q.release();
    }
    const all = await api.dataSource.query<{ id: string; secret_sealed: string }[]>('SELECT * FROM webhooks');
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(whole(all)).not.toContain('whsec_');
    expect(openSecret(api.config.secretsKey, all.find((r) => r.id === hook.id)!.secret_sealed, `webhook:${hook.id}`)).toBe(hook.secret);
  });

  it('a SECRETS_KEY rotation re-seals them under the new key', async () => {
    const newKey = Buffer.from('ef'.repeat(32), 'hex');
    const before = await api.dataSource.query<{ id: string; secret_sealed: string }[]>('SELECT id, secret_sealed FROM webhooks');
    const result = await resealWebhookSecrets(api.dataSource, newKey, [api.config.secretsKey]);
    expect(result).toEqual({ resealed: before.length, unreadable: 0 });
    for (const row of await api.dataSource.query<{ id: string; secret_sealed: string }[]>('SELECT id, secret_sealed FROM webhooks')) {
      const old = openSecret(api.config.secretsKey, before.find((b) => b.id === row.id)!.secret_sealed, `webhook:${row.id}`);
      expect(openSecret(newKey, row.secret_sealed, `webhook:${row.id}`)).toBe(old);
    }
    // Back under the suite's key; a value sealed for another row does not open for this one.
    expect(await resealWebhookSecrets(api.dataSource, api.config.secretsKey, [newKey])).toEqual({ resealed: before.length, unreadable: 0 });
    expect(() => openSecret(api.config.secretsKey, sealSecret(api.config.secretsKey, 'whsec_x', 'webhook:a'), 'webhook:b')).toThrow();
  });
});
