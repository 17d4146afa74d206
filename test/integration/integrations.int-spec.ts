import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { io, type Socket } from 'socket.io-client';
import { createLogger } from '@app/config';
import { DEFAULT_HOST_KEY, LIVE_EVENT_IMPORT, redisKeys, type CreateLinkRequest, type ImportProgressEvent } from '@app/contracts';
import type { EventStore } from '@app/event-store';
import { CreateLinkCommand, CreateLinkHandler, createLinksBatch, LinkReader } from '@app/links';
import { connectPostgres } from '@app/database';
import { importWork, insertImport, runImport, sealWebhookSecret, type CreateImportedLinks, type ImportRow } from '@app/integrations';
import { usernamesByIds } from '@app/identity';
import { connectRedis } from '@app/queue';
import { createApp } from '../../apps/api/app.js';
import { importedLinksCreator } from '../../apps/worker/integrations-workers.js';
import { approvedUser } from '../helpers/auth.js';
import { addVerifiedDomain } from '../helpers/domains.js';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { waitFor } from './worker-helpers.js';
import { importFinished, startSuiteWorkers, type SuiteWorkers } from '../helpers/suite-workers.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/imports');
const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');
const log = createLogger('integrations-test', 'error');

describe('imports, exports and the API-key rate limit', () => {
  let api: TestApi;
  let workers: SuiteWorkers;
  let alice: string;
  let bob: string;
  const sockets: Socket[] = [];

  const finished = (session: string, id: string) => importFinished(api, session, id, { timeoutMs: 15_000 });
  const codes = async (session: string) =>
    new Map((await api.call('GET', '/api/links', { session })).body.map((l: { shortCode: string; originalUrl: string }) => [l.shortCode, l]));

  beforeAll(async () => {
    api = await startTestApi({ API_KEY_RATE_LIMIT: '5' });
    workers = await startSuiteWorkers(api, log);
    alice = (await approvedUser(api, 'import-alice')).sessionId;
    bob = (await approvedUser(api, 'import-bob')).sessionId;
    expect(
      (await api.call('POST', '/api/links', { session: bob, body: { originalUrl: 'https://bob.example/', shortCode: 'taken-by-other' } })).status,
    ).toBe(201);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await workers?.close();
    await api?.close();
  });

  it('csv: created rows, skipped rows with their reasons, progress on the /live socket', async () => {
    const socket = io(`${api.baseUrl}/live`, { transports: ['websocket'], reconnection: false, forceNew: true, auth: { sessionId: alice } });
    sockets.push(socket);
    const progress: ImportProgressEvent[] = [];
    socket.on(LIVE_EVENT_IMPORT, (e: ImportProgressEvent) => progress.push(e));
    await new Promise<void>((r) => socket.once('connect', () => r()));

    const res = await api.call('POST', '/api/imports', { session: alice, body: { format: 'csv', content: fixture('links.csv') } });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ id: expect.any(String) });
    const result = await finished(alice, res.body.id);
    expect(result).toEqual({
      id: res.body.id,
      status: 'done',
      total: 5,
      created: 2,
      processed: 5,
      error: null,
      notes: [],
      skipped: [
        { row: 3, reason: 'url is missing.' },
        { row: 4, reason: expect.stringContaining('Short codes') },
        { row: 5, reason: expect.stringMatching(/taken/i) },
      ],
    });
    const mine = await codes(alice);
    expect(mine.get('csv-one')).toMatchObject({ originalUrl: 'https://example.org/csv-one', name: 'CSV one' });
    expect([...mine.values()].some((l: any) => l.originalUrl === 'https://example.org/csv-two')).toBe(true);
    // Through the event store like any link: one link-created event per created row.
    expect(
      await api.dataSource.query(`SELECT count(*)::int AS n FROM events WHERE type = 'link-created' AND metadata->>'requestId' = $1`, [
        `import-${res.body.id}`,
      ]),
    ).toEqual([{ n: 2 }]);
    await waitFor(
      async () => progress.at(-1),
      (e) => e?.status === 'done',
      5000,
      'done event',
    );
    expect(progress.at(-1)).toEqual({ id: res.body.id, status: 'done', total: 5, processed: 5, created: 2, skipped: 3 });
  });

  // Each fixture is in that product's own export shape (sources cited in libs/integrations/src/imports/import-formats.ts).
  it.each([
    ['bitly', 'bitly.json', { 'bitly-one': { name: 'Bitly one', tags: ['launch', 'spring'] }, 'bitly-two': { name: 'Bitly two' } }],
    ['yourls', 'yourls.csv', { 'yourls-one': { name: 'YOURLS one' }, 'yourls-two': { name: 'YOURLS two' } }],
    ['yourls', 'yourls-plugin.csv', { 'yourls-three': {}, 'yourls-four': {} }],
    ['kutt', 'kutt.json', { 'kutt-one': { name: 'Kutt one', expiresAt: null }, 'kutt-two': { expiresAt: '2031-06-30T12:00:00.000Z' } }],
    ['shlink', 'shlink.csv', { 'shlink-one': { name: 'Shlink one', tags: ['news', 'blog'] }, 'shlink-two': { tags: [] } }],
    ['dub', 'dub.csv', { 'dub-one': { tags: ['-draft', 'promo', 'q1'] }, 'dub-two': { tags: [] } }],
  ])('%s export (%s): every link with its code, destination, title, tags and expiry', async (format, file, expected) => {
    const res = await api.call('POST', '/api/imports', { session: alice, body: { format, content: fixture(file) } });
    expect(res.status).toBe(202);
    const result = await finished(alice, res.body.id);
    // Bitly's fixture has a link with two back-halves: a link each.
    expect(result).toMatchObject({ status: 'done', total: format === 'bitly' ? 3 : 2, created: format === 'bitly' ? 3 : 2, skipped: [] });
    const mine = await codes(alice);
    for (const [code, fields] of Object.entries(expected))
      expect(mine.get(code)).toMatchObject({ originalUrl: `https://example.org/${code}`, ...(fields as object) });
  });

  it('imported links get exactly the events, read-model rows and cache entries of one-by-one creation', async () => {
    const fields = { name: 'Same as one by one', tags: ['alpha', 'beta'], expiresAt: '2031-01-02T03:04:05.000Z' };
    const single = await api.call('POST', '/api/links', {
      session: alice,
      body: { originalUrl: 'https://example.org/same-single', shortCode: 'same-single', ...fields },
    });
    expect(single.status).toBe(201);
    // 600 rows: three batches; one code twice in the file (the second is skipped), one taken by another user.
    const lines = ['url,code,name,tags,expiresAt', `https://example.org/same-import,same-import,${fields.name},alpha;beta,${fields.expiresAt}`];
    for (let i = 0; i < 597; i++) lines.push(`https://example.org/bulk/${i},bulk-${i},Bulk ${i},,`);
    lines.push('https://example.org/dup,bulk-7,Duplicate,,', 'https://example.org/taken,taken-by-other,Taken,,');
    const res = await api.call('POST', '/api/imports', { session: alice, body: { format: 'csv', content: lines.join('\n') } });
    expect(res.status).toBe(202);
    const result = await finished(alice, res.body.id);
    expect(result).toMatchObject({ status: 'done', total: 600, processed: 600, created: 598 });
    expect(result.skipped).toEqual([
      { row: 599, reason: 'That short code is already taken on this domain' },
      { row: 600, reason: 'That short code is already taken on this domain' },
    ]);

    const streamOf = async (code: string) => {
      const [{ id }] = await api.dataSource.query('SELECT id FROM links WHERE short_code = $1', [code]);
      const events: { version: number; type: string; data: Record<string, unknown> }[] = await api.dataSource.query(
        'SELECT version, type, data FROM events WHERE stream_id = $1 ORDER BY version',
        [id],
      );
      const [row] = await api.dataSource.query(
        'SELECT owner_id, name, original_url, domain_id, controls, tags, password_id, updated_at >= created_at AS updated_after_created FROM links WHERE id = $1',
        [id],
      );
      const cached = JSON.parse((await api.redis.get(redisKeys(api.config.redisPrefix).link(DEFAULT_HOST_KEY, code))) ?? 'null');
      const neutral = (d: Record<string, unknown>) => ({ ...d, linkId: 'ID', shortCode: 'CODE', originalUrl: 'URL', at: 'AT' });
      return {
        events: events.map((e) => ({ version: e.version, type: e.type, data: neutral(e.data) })),
        row: { ...row, original_url: 'URL' },
        cached: cached && { ...cached, id: 'ID', url: 'URL' },
      };
    };
    const [imported, created] = await Promise.all([streamOf('same-import'), streamOf('same-single')]);
    expect(imported.events.map((e) => e.type)).toEqual(['link-created', 'link-controls-changed']);
    expect(imported).toEqual(created);
    expect(imported.cached).toMatchObject({ x: expect.anything() });
    expect((await streamOf('bulk-596')).cached).toEqual({ id: 'ID', url: 'URL', ogTitle: null, ogDescription: null, ogImage: null });
    expect(await api.dataSource.query(`SELECT count(*)::int AS n FROM links WHERE short_code LIKE 'bulk-%'`)).toEqual([{ n: 597 }]);
  });

  it("imported links reach the importer's link.created webhook (one delivery per link), nobody else's", async () => {
    const carol = await approvedUser(api, 'import-carol');
    const hooks = { carol: randomUUID(), bob: randomUUID() };
    // Rows as POST /api/webhooks writes them (its address check is webhooks.int-spec's business); deliveries to
    // 127.0.0.1 are refused at send time, which leaves the outbox rows for this test to count.
    for (const [owner, id] of [
      [carol.user.id, hooks.carol],
      [(await api.call('GET', '/api/auth/me', { session: bob })).body.user.id, hooks.bob],
    ])
      await api.dataSource.query(
        `INSERT INTO webhooks (id, owner_id, url, events, secret_sealed) VALUES ($1, $2, 'http://127.0.0.1:9/hook', '{link.created}', $3)`,
        [id, owner, sealWebhookSecret(api.config.secretsKey, id, 'whsec_test')],
      );
    const lines = ['url,code,tags', ...Array.from({ length: 300 }, (_, i) => `https://example.org/hooked/${i},hooked-${i},a;b`)];
    const res = await api.call('POST', '/api/imports', { session: carol.sessionId, body: { format: 'csv', content: lines.join('\n') } });
    expect(await finished(carol.sessionId, res.body.id)).toMatchObject({ status: 'done', created: 300 });
    const deliveries: { webhook_id: string; event: string; code: string }[] = await api.dataSource.query(
      `SELECT webhook_id, event, payload::jsonb->'data'->>'shortCode' AS code FROM webhook_deliveries WHERE webhook_id = ANY($1::uuid[])`,
      [Object.values(hooks)],
    );
    expect(deliveries.filter((d) => d.webhook_id === hooks.bob)).toEqual([]);
    expect(deliveries.every((d) => d.event === 'link.created')).toBe(true);
    expect(new Set(deliveries.map((d) => d.code))).toEqual(new Set(lines.slice(1).map((_, i) => `hooked-${i}`)));
    expect(deliveries).toHaveLength(300);
  });

  it('a batch that loses a race for a code rolls back whole; its rows are then created one by one, each with its outcome', async () => {
    const carol = await approvedUser(api, 'import-race');
    const actor = {
      workspaceId: carol.user.id,
      everyWorkspace: false,
      userId: carol.user.id,
      role: 'owner' as const,
      apiKeyId: null,
      isAdmin: false,
    };
    const handler = new CreateLinkHandler(
      workers.store,
      api.dataSource,
      api.config,
      new LinkReader(api.dataSource, api.config, (ids) => usernamesByIds(api.dataSource, ids)),
    );
    const createOne = (request: CreateLinkRequest) => handler.create(new CreateLinkCommand(actor, request, 'race'));
    // Bob takes `race-2` after the batch checked the codes and before it appends.
    const store = Object.create(workers.store) as EventStore;
    store.appendMany = async (appends) => {
      await api.call('POST', '/api/links', { session: bob, body: { originalUrl: 'https://bob.example/race', shortCode: 'race-2' } });
      return workers.store.appendMany(appends);
    };
    const requests = [1, 2, 3].map(
      (i) => ({ originalUrl: `https://example.org/race/${i}`, shortCode: `race-${i}`, tags: ['r'] }) as CreateLinkRequest,
    );
    const outcomes = await createLinksBatch({ store, dataSource: api.dataSource, config: api.config, createOne }, actor, requests, 'race');
    expect(outcomes.map((o) => ('error' in o ? o.error.message : 'created'))).toEqual([
      'created',
      'That short code is already taken on this domain',
      'created',
    ]);
    const rows = await api.dataSource.query(`SELECT short_code, tags FROM links WHERE owner_id = $1 ORDER BY short_code`, [actor.workspaceId]);
    expect(rows).toEqual([
      { short_code: 'race-1', tags: ['r'] },
      { short_code: 'race-3', tags: ['r'] },
    ]);
    expect(
      await api.dataSource.query(`SELECT count(*)::int AS n FROM events WHERE metadata->>'actorId' = $1 AND type = 'link-created'`, [
        actor.workspaceId,
      ]),
    ).toEqual([{ n: 2 }]);
  });

  it('a job restarted after its links were committed but before its progress was saved creates no link twice', async () => {
    const dave = await approvedUser(api, 'import-restart');
    const importId = randomUUID();
    const rows = [
      { row: 1, url: 'https://example.org/restart/1', code: 'restart-one', tags: [] },
      { row: 2, url: 'https://example.org/restart/2', tags: [] },
      { row: 3, url: 'https://example.org/restart/3', name: 'Third', tags: [] },
    ] as ImportRow[];
    await insertImport(api.dataSource, { id: importId, ownerId: dave.user.id, format: 'csv', domainId: null, rows });
    const handler = new CreateLinkHandler(
      workers.store,
      api.dataSource,
      api.config,
      new LinkReader(api.dataSource, api.config, (ids) => usernamesByIds(api.dataSource, ids)),
    );
    const create = importedLinksCreator(
      { store: workers.store, dataSource: api.dataSource, config: api.config, createLink: handler },
      `import-${importId}`,
    );
    const quiet = async () => undefined;
    // The first run's process dies right after its chunk commits: the import still says 0 processed, 0 created.
    const crashing: CreateImportedLinks = async (...args) => {
      await create(...args);
      throw new Error('worker killed');
    };
    await expect(runImport(api.dataSource, importId, crashing, quiet)).rejects.toThrow('worker killed');
    expect(await importWork(api.dataSource, importId)).toMatchObject({ status: 'running', processed: 0, created: 0 });

    await runImport(api.dataSource, importId, create, quiet); // the job, restarted
    expect(await api.call('GET', `/api/imports/${importId}`, { session: dave.sessionId })).toMatchObject({
      status: 200,
      body: { status: 'done', total: 3, processed: 3, created: 3, skipped: [] },
    });
    const links = await api.dataSource.query(`SELECT original_url FROM links WHERE owner_id = $1 ORDER BY original_url`, [dave.user.id]);
    expect(links.map((l: { original_url: string }) => l.original_url)).toEqual(rows.map((r) => r.url));
    expect(
      await api.dataSource.query(`SELECT count(*)::int AS n FROM events WHERE type = 'link-created' AND metadata->>'requestId' = $1`, [
        `import-${importId}`,
      ]),
    ).toEqual([{ n: 3 }]);
  });

  it('a domainId that is not one of your verified domains is a 400 before any job starts', async () => {
    const bobsDomain = await addVerifiedDomain(api, bob, 'bob-import.example');
    const pending = (await api.call('POST', '/api/domains', { session: alice, body: { domain: 'alice-pending.example' } })).body;
    expect(pending.isActive).toBe(false);
    const before = await api.dataSource.query('SELECT count(*)::int AS n FROM imports');
    for (const domainId of [bobsDomain.id, pending.id, randomUUID()]) {
      const res = await api.call('POST', '/api/imports', {
        session: alice,
        body: { format: 'csv', content: 'url\nhttps://example.org/d\n', domainId },
      });
      expect(res.body).toEqual({ statusCode: 400, message: 'domainId: please choose one of your verified custom domains, or the default domain.' });
    }
    const form = new FormData();
    form.append('format', 'csv');
    form.append('domainId', bobsDomain.id);
    form.append('file', new Blob(['url\nhttps://example.org/d\n'], { type: 'text/csv' }), 'links.csv');
    const multipart = await fetch(`${api.baseUrl}/api/imports`, { method: 'POST', headers: { authorization: `Bearer ${alice}` }, body: form });
    expect(multipart.status).toBe(400);
    expect(await api.dataSource.query('SELECT count(*)::int AS n FROM imports')).toEqual(before);

    const mine = await addVerifiedDomain(api, alice, 'alice-import.example');
    const ok = await api.call('POST', '/api/imports', {
      session: alice,
      body: { format: 'csv', content: 'url,code\nhttps://example.org/d,on-domain\n', domainId: mine.id },
    });
    expect(ok.status).toBe(202);
    expect(await finished(alice, ok.body.id)).toMatchObject({ status: 'done', created: 1, skipped: [] });
    expect(await api.dataSource.query(`SELECT domain_id FROM links WHERE short_code = 'on-domain'`)).toEqual([{ domain_id: mine.id }]);
  });

  it('a multipart upload over 20 MB is a 413, one without a file or content a 400', async () => {
    const big = new FormData();
    big.append('format', 'csv');
    big.append('file', new Blob(['url\n' + 'https://example.org/x\n'.repeat(1_000_000)], { type: 'text/csv' }), 'big.csv');
    const tooBig = await fetch(`${api.baseUrl}/api/imports`, { method: 'POST', headers: { authorization: `Bearer ${alice}` }, body: big });
    expect(tooBig.status).toBe(413);
    const empty = new FormData();
    empty.append('format', 'csv');
    const none = await fetch(`${api.baseUrl}/api/imports`, { method: 'POST', headers: { authorization: `Bearer ${alice}` }, body: empty });
    expect(none.status).toBe(400);
    expect((await none.json()).message).toBe('content: send the file as text (JSON) or upload it as the multipart field "file".');
  });

  it('multipart upload of the same file works', async () => {
    const form = new FormData();
    form.append('format', 'csv');
    form.append('file', new Blob(['url,code\nhttps://example.org/multipart,multi-part\n'], { type: 'text/csv' }), 'links.csv');
    const res = await fetch(`${api.baseUrl}/api/imports`, { method: 'POST', headers: { authorization: `Bearer ${alice}` }, body: form });
    expect(res.status).toBe(202);
    const { id } = await res.json();
    expect(await finished(alice, id)).toMatchObject({ status: 'done', created: 1 });
  });

  it('a malformed file is a 400 naming the problem, and nothing is imported', async () => {
    const before = (await api.call('GET', '/api/links', { session: alice })).body.length;
    expect((await api.call('POST', '/api/imports', { session: alice, body: { format: 'csv', content: 'name,code\nx,y\n' } })).body).toEqual({
      statusCode: 400,
      message:
        "content: a csv file is one of: LinkPulse links export CSV; LinkPulse links export JSON; CSV (url, code, name, tags, expiresAt). This CSV's header (name, code) matches none of them.",
    });
    expect((await api.call('POST', '/api/imports', { session: alice, body: { format: 'kutt', content: '{"data": [' } })).status).toBe(400);
    expect((await api.call('POST', '/api/imports', { session: alice, body: { format: 'csv', content: 'url\n"unclosed' } })).status).toBe(400);
    expect((await api.call('POST', '/api/imports', { session: alice, body: { format: 'excel', content: 'url\nhttps://x.example/' } })).body).toEqual({
      statusCode: 400,
      message: 'format must be one of csv, bitly, yourls, kutt, shlink, dub.',
    });
    expect((await api.call('POST', '/api/imports', { session: alice, body: { format: 'csv', content: '' } })).status).toBe(400);
    expect((await api.call('GET', '/api/links', { session: alice })).body.length).toBe(before);
    expect(await api.dataSource.query('SELECT count(*)::int AS n FROM imports WHERE status <> $1', ['done'])).toEqual([{ n: 0 }]);
  });

  it('the import route takes up to 20 MB (a 21 MB body is a 413); others keep their small limit', async () => {
    const big = JSON.stringify({ format: 'csv', content: 'url\n' + 'https://example.org/x\n'.repeat(1_000_000) });
    expect(big.length).toBeGreaterThan(21 * 1024 * 1024);
    expect((await api.call('POST', '/api/imports', { session: alice, body: big })).status).toBe(413);
    expect((await api.call('GET', `/api/imports/${randomUUID()}`, { session: bob })).status).toBe(404);
  });

  it("another user's import is a 404", async () => {
    const res = await api.call('POST', '/api/imports', {
      session: alice,
      body: { format: 'csv', content: 'url\nhttps://example.org/private-import\n' },
    });
    await finished(alice, res.body.id);
    expect((await api.call('GET', `/api/imports/${res.body.id}`, { session: bob })).status).toBe(404);
  });

  it('exports every link of the caller as CSV and JSON with all fields', async () => {
    const json = await api.call('GET', '/api/links/export?format=json', { session: alice });
    expect(json.status).toBe(200);
    expect(json.headers.get('content-disposition')).toBe('attachment; filename="links-export.json"');
    const links = (await api.call('GET', '/api/links', { session: alice })).body;
    expect(json.body).toHaveLength(links.length);
    expect(json.body.find((l: { shortCode: string }) => l.shortCode === 'csv-one')).toEqual(
      links.find((l: { shortCode: string }) => l.shortCode === 'csv-one'),
    );
    const csv = await api.call('GET', '/api/links/export?format=csv', { session: alice });
    const lines = String(csv.body).trim().split('\r\n');
    expect(lines[0]).toBe(
      Object.keys(json.body[0])
        .map((k) => `"${k}"`)
        .join(','),
    );
    expect(lines).toHaveLength(links.length + 1);
    expect((await api.call('GET', '/api/links/export?format=xml', { session: alice })).body).toEqual({
      statusCode: 400,
      message: 'format must be csv or json.',
    });
  });

  it("exports a link's raw clicks streamed, bots marked, CSV cells neutralised; others' links 404", async () => {
    const link = (
      await api.call('POST', '/api/links', { session: alice, body: { originalUrl: 'https://example.org/clicks', shortCode: 'raw-clicks' } })
    ).body;
    const owner = (await api.dataSource.query('SELECT owner_id FROM links WHERE id = $1', [link.id]))[0].owner_id;
    await api.dataSource.query(
      `INSERT INTO clicks (id, link_id, owner_id, clicked_at, ip, country, city, browser, os, device, referrer, language, is_bot)
       VALUES ($1, $3, $4, '2025-01-01T10:00:00Z', '1.1.1.1', 'Germany', 'Berlin', 'Chrome', 'Windows', 'desktop', '=HYPERLINK("x")', 'de', false),
              ($2, $3, $4, '2025-01-02T10:00:00Z', '1.1.1.2', NULL, NULL, NULL, NULL, NULL, NULL, NULL, true)`,
      [randomUUID(), randomUUID(), link.id, owner],
    );
    const json = await api.call('GET', `/api/links/${link.id}/clicks?format=json`, { session: alice });
    expect(json.body).toEqual([
      {
        id: expect.any(String),
        at: '2025-01-01T10:00:00.000Z',
        country: 'Germany',
        city: 'Berlin',
        device: 'desktop',
        browser: 'Chrome',
        os: 'Windows',
        referrer: '=HYPERLINK("x")',
        language: 'de',
        isBot: false,
      },
      {
        id: expect.any(String),
        at: '2025-01-02T10:00:00.000Z',
        country: null,
        city: null,
        device: null,
        browser: null,
        os: null,
        referrer: null,
        language: null,
        isBot: true,
      },
    ]);
    const csv = String((await api.call('GET', `/api/links/${link.id}/clicks?format=csv`, { session: alice })).body).split('\r\n');
    expect(csv[0]).toBe('"id","at","country","city","device","browser","os","referrer","language","isBot"');
    expect(csv[1]).toContain(`"'=HYPERLINK(""x"")","de","false"`);
    expect(csv[2]).toMatch(/,"","true"$/);
    expect(csv[2]).toMatch(/"true"$/);
    const ranged = await api.call('GET', `/api/links/${link.id}/clicks?format=json&startDate=2025-01-02&endDate=2025-01-02&timezoneOffset=0`, {
      session: alice,
    });
    expect(ranged.body.map((c: { isBot: boolean }) => c.isBot)).toEqual([true]);
    expect((await api.call('GET', `/api/links/${link.id}/clicks?format=json`, { session: bob })).status).toBe(404);
    const empty = (await api.call('POST', '/api/links', { session: alice, body: { originalUrl: 'https://example.org/no-clicks' } })).body;
    expect((await api.call('GET', `/api/links/${empty.id}/clicks?format=json`, { session: alice })).body).toEqual([]);
  });

  it('the per-key rate limit is shared by two api instances: 429 with Retry-After', async () => {
    const key = (await api.call('POST', '/api/api-keys', { session: alice, body: { name: 'limited', scopes: ['links:read'] } })).body.key;
    const dataSource = await connectPostgres(api.db.url, { poolSize: 2, applicationName: 'second-api' });
    const redis2 = await connectRedis(api.config.redisUrl);
    const second: NestExpressApplication = await createApp(api.config, dataSource, redis2);
    await second.listen(0, '127.0.0.1');
    const port = (second.getHttpServer().address() as import('node:net').AddressInfo).port;
    try {
      // The window is the clock minute: never start within 3 s of its end (the count would restart mid-loop).
      const left = 60_000 - (Date.now() % 60_000);
      if (left < 3000) await new Promise((r) => setTimeout(r, left + 50));
      const bases = [api.baseUrl, `http://127.0.0.1:${port}`];
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await fetch(`${bases[i % 2]}/api/links`, { headers: { authorization: `Bearer ${key}` } });
        statuses.push(res.status);
        if (res.status === 429) {
          expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
          expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(60);
          expect(await res.json()).toEqual({
            statusCode: 429,
            message: expect.stringMatching(/^Too many requests with this API key\. Please wait \d+ seconds and try again\.$/),
          });
        }
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      // Sessions are not limited by it.
      expect((await api.call('GET', '/api/links', { session: alice })).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});
