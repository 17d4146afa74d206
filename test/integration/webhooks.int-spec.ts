import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Queue } from 'bullmq';
import dns2 from 'dns2';
import type { Redis } from 'ioredis';
import { createLogger } from '@app/config';
import { createLookup, sendDelivery, verifyWebhookSignature } from '@app/integrations';
import { connectRedis, createQueue } from '@app/queue';
import { startClickWorker } from '../../apps/worker/click-worker.js';
import { startIntegrationsWorkers } from '../../apps/worker/integrations-workers.js';
import { approvedUser } from '../helpers/auth.js';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { until } from '../helpers/until.js';
import { GOOGLEBOT, clickBatch, clickEvent, waitFor } from './worker-helpers.js';

/** A real HTTP receiver: records every request; `mode` decides the answer. */
interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}
type Mode = 'ok' | '500' | 'hang' | 'redirect';
function startReceiver() {
  const received: Received[] = [];
  const modes: Mode[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      const mode = modes.shift() ?? 'ok';
      if (mode === 'hang') return; // never answers: the sender's timeout must cut it
      if (mode === 'redirect') return void res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      res.writeHead(mode === '500' ? 500 : 200).end('ok');
    });
  });
  return { server, received, modes };
}
const listen = async (server: http.Server) => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

const log = createLogger('webhooks-test', 'error');

describe('webhooks: signed deliveries, retries, batching, isolation', () => {
  let api: TestApi;
  let redis: Redis;
  let clicksQueue: Queue;
  let workers: ReturnType<typeof startIntegrationsWorkers>;
  let clickWorker: ReturnType<typeof startClickWorker>;
  const receiver = startReceiver();
  const otherReceiver = startReceiver();
  let url: string;
  let otherUrl: string;
  let alice: string;
  let bob: string;
  let hook: { id: string; secret: string };
  const startWorkers = () => {
    workers = startIntegrationsWorkers({ config: api.config, dataSource: api.dataSource, redis, log });
    return workers;
  };
  const events = () => receiver.received.map((r) => JSON.parse(r.body));

  beforeAll(async () => {
    api = await startTestApi({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_BACKOFF_MS: '50', WEBHOOK_TIMEOUT_MS: '700', WEBHOOK_ATTEMPTS: '4' });
    redis = await connectRedis(api.config.redisUrl);
    url = await listen(receiver.server);
    otherUrl = await listen(otherReceiver.server);
    alice = (await approvedUser(api, 'hook-alice')).sessionId;
    bob = (await approvedUser(api, 'hook-bob')).sessionId;
    startWorkers();
    clickWorker = startClickWorker({ config: api.config, dataSource: api.dataSource, redis, log, onStored: (c) => workers.notifier.notify(c) });
    clicksQueue = createQueue('clicks', redis, api.config.redisPrefix);
  });
  afterAll(async () => {
    await clickWorker?.close();
    await workers?.close();
    await clicksQueue?.close();
    receiver.server.close();
    otherReceiver.server.close();
    redis?.disconnect();
    await api?.close();
  });

  it('creates a webhook: 201 with the secret once; the list never shows it; bad input is a readable 400', async () => {
    const res = await api.call('POST', '/api/webhooks', {
      session: alice,
      body: { url: `${url}/hook`, events: ['link.created', 'link.updated', 'link.deleted', 'link.clicked'] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      url: `${url}/hook`,
      events: ['link.created', 'link.updated', 'link.deleted', 'link.clicked'],
      secret: expect.stringMatching(/^whsec_/),
      status: 'active',
      pausedAt: null,
      createdAt: expect.any(String),
    });
    hook = res.body;
    const list = await api.call('GET', '/api/webhooks', { session: alice });
    expect(list.body).toEqual([
      { id: hook.id, url: `${url}/hook`, events: expect.any(Array), status: 'active', pausedAt: null, createdAt: expect.any(String) },
    ]);
    expect((await api.call('POST', '/api/webhooks', { session: alice, body: { url: 'ftp://x.example/', events: ['link.created'] } })).body).toEqual({
      statusCode: 400,
      message: 'url must be an absolute http:// or https:// address of at most 2048 characters.',
    });
    expect((await api.call('POST', '/api/webhooks', { session: alice, body: { url: `${url}/x`, events: ['link.exploded'] } })).status).toBe(400);
    expect((await api.call('POST', '/api/webhooks', { session: alice, body: { url: `${url}/x`, events: [] } })).status).toBe(400);
    // Bob's endpoint hears only Bob's events.
    expect(
      (
        await api.call('POST', '/api/webhooks', {
          session: bob,
          body: { url: otherUrl, events: ['link.created', 'link.updated', 'link.deleted', 'link.clicked'] },
        })
      ).status,
    ).toBe(201);
  });

  it('link.created / updated / deleted arrive signed (t=…,v1=HMAC of "{t}.{body}") with event and delivery headers', async () => {
    const link = await api.call('POST', '/api/links', {
      session: alice,
      body: { originalUrl: 'https://example.org/a', name: 'Hooked', shortCode: 'hooked-1' },
    });
    expect(link.status).toBe(201);
    await api.call('PUT', `/api/links/${link.body.id}`, { session: alice, body: { name: 'Hooked 2', originalUrl: 'https://example.org/b' } });
    await api.call('DELETE', `/api/links/${link.body.id}`, { session: alice });
    await waitFor(
      async () => receiver.received.length,
      (n) => n >= 3,
      10_000,
      'three deliveries',
    );
    const types = events()
      .map((e) => e.type)
      .sort();
    expect(types).toEqual(['link.created', 'link.deleted', 'link.updated']);
    for (const r of receiver.received) {
      const body = JSON.parse(r.body);
      expect(verifyWebhookSignature(hook.secret, r.body, String(r.headers['x-linkpulse-signature']))).toBe(true);
      expect(verifyWebhookSignature('whsec_wrong', r.body, String(r.headers['x-linkpulse-signature']))).toBe(false);
      expect(r.headers['x-linkpulse-event']).toBe(body.type);
      expect(r.headers['x-linkpulse-delivery']).toBe(body.id);
      expect(body).toEqual({
        id: expect.any(String),
        type: expect.any(String),
        createdAt: expect.any(String),
        data: expect.objectContaining({ linkId: link.body.id }),
      });
    }
    expect(events().find((e) => e.type === 'link.created').data).toMatchObject({
      name: 'Hooked',
      shortCode: 'hooked-1',
      originalUrl: 'https://example.org/a',
    });
    expect(events().find((e) => e.type === 'link.updated').data).toMatchObject({ name: 'Hooked 2', originalUrl: 'https://example.org/b' });
    const log = await api.call('GET', `/api/webhooks/${hook.id}/deliveries`, { session: alice });
    expect(log.body).toHaveLength(3);
    expect(
      log.body.every(
        (d: { status: string; attempts: number; responseStatus: number }) => d.status === 'delivered' && d.attempts === 1 && d.responseStatus === 200,
      ),
    ).toBe(true);
    expect(otherReceiver.received).toEqual([]);
    // Bob cannot read Alice's delivery log.
    expect((await api.call('GET', `/api/webhooks/${hook.id}/deliveries`, { session: bob })).status).toBe(404);
  });

  it('a 500 and a timeout are retried until a 2xx; each attempt is in the log', async () => {
    receiver.received.length = 0;
    receiver.modes.push('500', 'hang');
    const link = await api.call('POST', '/api/links', { session: alice, body: { originalUrl: 'https://example.org/retry' } });
    // While the second attempt hangs, the log shows the first as failed, with when it was to be tried again.
    await waitFor(
      async () => receiver.received.length,
      (n) => n >= 2,
      15_000,
      'second attempt',
    );
    const retrying = (await api.call('GET', `/api/webhooks/${hook.id}/deliveries`, { session: alice })).body.find(
      (d: { id: string }) => d.id === JSON.parse(receiver.received[0].body).id,
    );
    expect(retrying).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500, error: 'HTTP 500' });
    const nextAt = Date.parse(retrying.nextAttemptAt);
    expect(nextAt).toBeGreaterThanOrEqual(Date.parse(retrying.createdAt));
    expect(nextAt).toBeLessThanOrEqual(Date.now() + 1000);
    await waitFor(
      async () => receiver.received.length,
      (n) => n >= 3,
      15_000,
      'three attempts',
    );
    const bodies = new Set(receiver.received.map((r) => r.body));
    expect(bodies.size).toBe(1); // the same delivery each time
    const id = JSON.parse(receiver.received[0].body).id;
    const delivery = await waitFor(
      async () => (await api.call('GET', `/api/webhooks/${hook.id}/deliveries`, { session: alice })).body.find((d: { id: string }) => d.id === id),
      (d) => d?.status === 'delivered',
      10_000,
      'delivered after retries',
    );
    expect(delivery).toMatchObject({
      event: 'link.created',
      status: 'delivered',
      attempts: 3,
      responseStatus: 200,
      error: null,
      nextAttemptAt: null,
    });
    expect(JSON.parse(receiver.received[2].body).data.linkId).toBe(link.body.id);
  });

  it('a redirect is not followed: the attempt fails and says so', async () => {
    receiver.received.length = 0;
    receiver.modes.push('redirect', 'redirect', 'redirect', 'redirect');
    await api.call('POST', '/api/links', { session: alice, body: { originalUrl: 'https://example.org/redirect' } });
    const failed = await waitFor(
      async () =>
        (await api.call('GET', `/api/webhooks/${hook.id}/deliveries`, { session: alice })).body.find(
          (d: { status: string }) => d.status === 'failed',
        ),
      Boolean,
      15_000,
      'failed delivery',
    );
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 4,
      responseStatus: 302,
      error: 'HTTP 302: redirects are not followed',
      nextAttemptAt: null,
    });
  });

  it('no delivery is lost across a worker restart', async () => {
    await workers.close();
    receiver.received.length = 0;
    const link = await api.call('POST', '/api/links', { session: alice, body: { originalUrl: 'https://example.org/while-down' } });
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.received).toEqual([]);
    startWorkers();
    await waitFor(
      async () => receiver.received.length,
      (n) => n >= 1,
      10_000,
      'delivery after restart',
    );
    expect(JSON.parse(receiver.received[0].body)).toMatchObject({ type: 'link.created', data: { linkId: link.body.id } });
  });

  it('link.clicked: the stored clicks of a link in one batch (bots left out), only to the owner', async () => {
    receiver.received.length = 0;
    otherReceiver.received.length = 0;
    const link = await api.call('POST', '/api/links', { session: alice, body: { originalUrl: 'https://example.org/clicked' } });
    await waitFor(
      async () => receiver.received.length,
      (n) => n >= 1,
      10_000,
      'link.created first',
    );
    receiver.received.length = 0;
    const people = clickBatch([clickEvent(link.body.id), clickEvent(link.body.id)]);
    await clicksQueue.add('batch', people.job, { jobId: randomUUID() });
    await clicksQueue.add('batch', clickBatch([clickEvent(link.body.id, { userAgent: GOOGLEBOT })]).job, { jobId: randomUUID() });
    await waitFor(
      async () => receiver.received.length,
      (n) => n >= 1,
      10_000,
      'link.clicked',
    );
    await new Promise((r) => setTimeout(r, 1500));
    const clicked = events().filter((e) => e.type === 'link.clicked');
    expect(clicked).toHaveLength(1);
    expect(clicked[0].data.linkId).toBe(link.body.id);
    expect(clicked[0].data.clicks.map((c: { id: string }) => c.id).sort()).toEqual([...people.ids].sort());
    expect(clicked[0].data.clicks[0]).toEqual({
      id: expect.any(String),
      at: expect.any(String),
      country: 'United Kingdom',
      city: expect.any(String),
      device: 'desktop',
      browser: 'Chrome',
      os: 'Windows',
      referrer: null,
    });
    expect(otherReceiver.received).toEqual([]);
  });

  it('deleting a user removes their webhooks and API keys', async () => {
    const { user, sessionId } = await approvedUser(api, 'hook-doomed');
    expect((await api.call('POST', '/api/webhooks', { session: sessionId, body: { url, events: ['link.created'] } })).status).toBe(201);
    expect((await api.call('POST', '/api/api-keys', { session: sessionId, body: { name: 'k', scopes: ['links:read'] } })).status).toBe(201);
    const admin = (await api.call('POST', '/api/auth/login', { body: { username: 'admin', password: 'admin-password-1' } })).body.sessionId;
    expect((await api.call('DELETE', `/api/admin/users/${user.id}`, { session: admin })).status).toBe(200);
    expect(
      await api.dataSource.query(
        'SELECT (SELECT count(*)::int FROM webhooks WHERE owner_id = $1) AS w, (SELECT count(*)::int FROM api_keys WHERE owner_id = $1) AS k',
        [user.id],
      ),
    ).toEqual([{ w: 0, k: 0 }]);
  });
});

describe('webhooks: the workers close every Redis connection they open', () => {
  let api: TestApi;
  let admin: Redis;
  let redis: Redis;
  // Every connection made from `redis` (duplicates keep the name) shows under it in CLIENT LIST.
  const name = `hook-close-${randomUUID().slice(0, 8)}`;
  const named = async () => ((await admin.client('LIST')) as string).split('\n').filter((l) => l.includes(` name=${name} `)).length;

  beforeAll(async () => {
    api = await startTestApi();
    admin = await connectRedis(api.config.redisUrl);
    redis = admin.duplicate({ connectionName: name });
  });
  afterAll(async () => {
    redis?.disconnect();
    admin?.disconnect();
    await api?.close();
  });

  it('after close() only the shared connection they were given is left (no open handle keeps the process alive)', async () => {
    const workers = startIntegrationsWorkers({ config: api.config, dataSource: api.dataSource, redis, log });
    await until(async () => (await named()) > 1);
    await workers.close();
    await until(async () => (await named()) === 1).catch(() => undefined);
    expect(await named()).toBe(1);
  });
});

describe('webhooks: SSRF', () => {
  let api: TestApi;
  let redis: Redis;
  let workers: ReturnType<typeof startIntegrationsWorkers>;
  let session: string;
  const answers: Record<string, string> = { 'loopback.test': '127.0.0.1', 'metadata.test': '169.254.169.254', 'rebind.test': '93.184.216.34' };
  const dns = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = dns2.Packet.createResponseFromRequest(request);
      const [q] = request.questions;
      const address = answers[q.name];
      if (address && q.type === dns2.Packet.TYPE.A)
        response.answers.push({ name: q.name, type: dns2.Packet.TYPE.A, class: dns2.Packet.CLASS.IN, ttl: 1, address } as never);
      send(response);
    },
  });

  beforeAll(async () => {
    await dns.listen({ udp: { port: 0, address: '127.0.0.1' } });
    const port = (dns.addresses().udp as AddressInfo).port;
    api = await startTestApi({ WEBHOOK_DNS_SERVERS: `127.0.0.1:${port}`, WEBHOOK_BACKOFF_MS: '50', WEBHOOK_ATTEMPTS: '1' });
    redis = await connectRedis(api.config.redisUrl);
    workers = startIntegrationsWorkers({ config: api.config, dataSource: api.dataSource, redis, log });
    session = (await approvedUser(api, 'ssrf-user')).sessionId;
  });
  afterAll(async () => {
    await workers?.close();
    await dns.close();
    redis?.disconnect();
    await api?.close();
  });

  it.each([
    'http://127.0.0.1/hook',
    'http://10.0.0.1/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/hook',
    'http://192.168.1.10:8080/hook',
    'http://[::1]/hook',
    'http://[fd00::1]/hook',
    'http://[fe80::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://[::ffff:a9fe:a9fe]/hook',
    // IPv4-compatible (::/96) and other IPv4-in-IPv6 forms of internal addresses (issue 35).
    'http://[::7f00:1]/hook',
    'http://[::a9fe:a9fe]/hook',
    'http://[::ffff:0:7f00:1]/hook',
    'http://[::0a00:1]/hook',
    'http://0.0.0.0/hook',
    'http://loopback.test/hook',
    'http://metadata.test/hook',
  ])('refuses %s with a 400 that says why, never naming an address the server resolved', async (target) => {
    const res = await api.call('POST', '/api/webhooks', { session, body: { url: target, events: ['link.created'] } });
    expect(res.status).toBe(400);
    const host = new URL(target).hostname;
    // An address typed in the URL is named as typed; a name is never followed by what this server's DNS answered.
    expect(res.body.message).toBe(
      /^[\d.]+$|^\[/.test(host)
        ? `url is refused: ${host} is a loopback, private, link-local or metadata address. Webhooks only reach public addresses.`
        : `url is refused: ${host} does not resolve to a public address. Webhooks only reach public addresses.`,
    );
  });

  it('a name that does not resolve is refused with the same words as an internal one (no oracle of the DNS view)', async () => {
    const res = await api.call('POST', '/api/webhooks', { session, body: { url: 'http://nowhere.test/hook', events: ['link.created'] } });
    expect(res.body).toEqual({
      statusCode: 400,
      message: 'url is refused: nowhere.test does not resolve to a public address. Webhooks only reach public addresses.',
    });
    const internal = await api.call('POST', '/api/webhooks', { session, body: { url: 'http://metadata.test/hook', events: ['link.created'] } });
    expect(internal.body.message).not.toContain('169.254');
  });

  it('checks again at delivery: a host that now resolves to 127.0.0.1 (DNS rebinding) is not contacted; the log names no address', async () => {
    const created = await api.call('POST', '/api/webhooks', { session, body: { url: 'http://rebind.test:9/hook', events: ['link.created'] } });
    expect(created.status).toBe(201);
    answers['rebind.test'] = '127.0.0.1';
    await api.call('POST', '/api/links', { session, body: { originalUrl: 'https://example.org/rebind' } });
    const failed = await waitFor(
      async () => (await api.call('GET', `/api/webhooks/${created.body.id}/deliveries`, { session })).body[0],
      (d) => d?.status === 'failed',
      10_000,
      'refused delivery',
    );
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 1,
      responseStatus: null,
      error: 'Destination refused: rebind.test does not resolve to a public address.',
    });
  });

  it('a name that stops resolving, and a public address that refuses the connection, are recorded without any address', async () => {
    answers['gone.test'] = '93.184.216.34';
    const gone = await api.call('POST', '/api/webhooks', { session, body: { url: 'http://gone.test/hook', events: ['link.created'] } });
    expect(gone.status).toBe(201);
    delete answers['gone.test'];
    await api.call('POST', '/api/links', { session, body: { originalUrl: 'https://example.org/gone' } });
    const failed = await waitFor(
      async () => (await api.call('GET', `/api/webhooks/${gone.body.id}/deliveries`, { session })).body[0],
      (d) => d?.status === 'failed',
      10_000,
      'unresolvable delivery',
    );
    expect(failed.error).toBe('Destination refused: gone.test does not resolve to a public address.');
    const deliveries = await api.dataSource.query<{ error: string | null }[]>('SELECT error FROM webhook_deliveries WHERE error IS NOT NULL');
    for (const { error } of deliveries) expect(error).not.toMatch(/\d+\.\d+\.\d+\.\d+|::/);
    // A refused connection: node's message names the address and port it tried; the log says only what happened.
    const closed = http.createServer();
    const port = Number(new URL(await listen(closed)).port);
    await new Promise((r) => closed.close(r));
    const outcome = await sendDelivery(
      { id: randomUUID(), event: 'link.created', payload: '{}', status: 'pending', url: `http://127.0.0.1:${port}/hook`, secret: 'whsec_x' },
      { timeoutMs: 5_000, allowPrivate: true, lookup: createLookup() },
    );
    expect(outcome).toEqual({ ok: false, responseStatus: null, error: 'Connection refused by the destination.' });
  });
});
