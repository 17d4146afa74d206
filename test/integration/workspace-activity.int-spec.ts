import { createLogger } from '@app/config';
import { EventStore } from '@app/event-store';
import { createDomainVerifier } from '@app/links';
import { ActivityBeforeWorkspaces1767043100000 } from '../../libs/database/src/migrations/1767043100000-activity-before-workspaces.js';
import { DomainChecksInActivity1767053100000 } from '../../libs/database/src/migrations/1767053100000-domain-checks-in-activity.js';
import { approvedUser } from '../helpers/auth.js';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { importFinished, startSuiteWorkers, type SuiteWorkers } from '../helpers/suite-workers.js';

interface Activity {
  at: string;
  actor: { type: string; id: string | null; name: string | null };
  action: string;
  target: { type: string; id: string; name: string | null };
}

/**
 * The workspace activity names who made each change (docs/product.md#workspaces): the user who started an import,
 * the API key used (still after it is revoked), and the events stored before workspaces existed in the personal
 * workspace's feed.
 */
describe('workspace activity: imports, API keys, events from before workspaces', () => {
  let api: TestApi;
  let workers: SuiteWorkers;

  const activity = async (session: string, workspaceId: string): Promise<Activity[]> => {
    const res = await api.call('GET', `/api/workspaces/${workspaceId}/activity?limit=100`, { session });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  /** A shared workspace of `owner` that `editor` joined as an editor. */
  const team = async (owner: string, editor: string, name: string) => {
    const id = (await api.call('POST', '/api/workspaces', { session: owner, body: { name } })).body.id as string;
    const inv = await api.call('POST', `/api/workspaces/${id}/invitations`, { session: owner, body: { role: 'editor' } });
    expect((await api.call('POST', `/api/invitations/${inv.body.token}/accept`, { session: editor })).status).toBe(200);
    return id;
  };
  const finished = (session: string, id: string, workspaceId: string) => importFinished(api, session, id, { workspaceId });

  beforeAll(async () => {
    api = await startTestApi();
    workers = await startSuiteWorkers(api, createLogger('activity-test', 'error'));
  });
  afterAll(async () => {
    await workers?.close();
    await api?.close();
  });

  it("an import's links name the member who started it (and the key, when one did), not the workspace", async () => {
    const owner = await approvedUser(api, 'act-owner');
    const editor = await approvedUser(api, 'act-editor');
    const ws = await team(owner.sessionId, editor.sessionId, 'Import team');
    const csv = (prefix: string) => `url,code\nhttps://example.org/${prefix}/1,${prefix}-one\nhttps://example.org/${prefix}/2,${prefix}-two\n`;

    const started = await api.call('POST', `/api/imports?workspaceId=${ws}`, {
      session: editor.sessionId,
      body: { format: 'csv', content: csv('by-user') },
    });
    expect(started.status).toBe(202);
    expect(await finished(editor.sessionId, started.body.id, ws)).toMatchObject({ status: 'done', created: 2 });

    const key = await api.call('POST', `/api/api-keys?workspaceId=${ws}`, {
      session: editor.sessionId,
      body: { name: 'nightly sync', scopes: ['links:read', 'links:write'] },
    });
    const byKey = await api.call('POST', '/api/imports', { session: key.body.key, body: { format: 'csv', content: csv('by-key') } });
    expect(byKey.status).toBe(202);
    expect(await finished(editor.sessionId, byKey.body.id, ws)).toMatchObject({ status: 'done', created: 2 });

    const feed = await activity(owner.sessionId, ws);
    const links = await api.dataSource.query<{ id: string; short_code: string }[]>('SELECT id, short_code FROM links WHERE owner_id = $1', [ws]);
    const idOf = (code: string) => links.find((l) => l.short_code === code)!.id;
    const createdBy = (code: string) => feed.find((a) => a.action === 'link-created' && a.target.id === idOf(code))?.actor;
    expect(createdBy('by-user-one')).toEqual({ type: 'user', id: editor.user.id, name: 'act-editor' });
    expect(createdBy('by-user-two')).toEqual({ type: 'user', id: editor.user.id, name: 'act-editor' });
    expect(createdBy('by-key-one')).toEqual({ type: 'apiKey', id: key.body.id, name: 'nightly sync' });
    // Never the workspace as an actor.
    expect(feed.filter((a) => a.actor.id === ws)).toEqual([]);
  });

  it('a change made with an API key names the key, also after the key is revoked', async () => {
    const owner = await approvedUser(api, 'act-key-owner');
    const editor = await approvedUser(api, 'act-key-editor');
    const ws = await team(owner.sessionId, editor.sessionId, 'Key team');
    const key = await api.call('POST', `/api/api-keys?workspaceId=${ws}`, {
      session: editor.sessionId,
      body: { name: 'deploy bot', scopes: ['links:write'] },
    });
    const made = await api.call('POST', '/api/links', { session: key.body.key, body: { originalUrl: 'https://example.org/bot' } });
    expect(made.status).toBe(201);
    expect((await api.call('DELETE', `/api/api-keys/${key.body.id}?workspaceId=${ws}`, { session: editor.sessionId })).status).toBe(200);
    const created = (await activity(owner.sessionId, ws)).find((a) => a.action === 'link-created' && a.target.id === made.body.id);
    expect(created?.actor).toEqual({ type: 'apiKey', id: key.body.id, name: 'deploy bot' });
  });

  it("the worker's automatic domain check shows in the domain's workspace, done by LinkPulse, not by someone", async () => {
    const owner = await approvedUser(api, 'act-dns-owner');
    const editor = await approvedUser(api, 'act-dns-editor');
    const ws = await team(owner.sessionId, editor.sessionId, 'DNS team');
    const add = async (domain: string) =>
      (await api.call('POST', `/api/domains?workspaceId=${ws}`, { session: editor.sessionId, body: { domain } })).body;
    const proven = await add('auto.act-example.com');
    const stale = await add('stale.act-example.com');
    api.dns.setTxt(proven.verification.record.name, [proven.verification.record.value]);
    await api.dataSource.query(`UPDATE domains SET verification_expires_at = now() - interval '1 minute' WHERE id = $1`, [stale.id]);
    // The worker's maintenance check (apps/worker/maintenance-jobs.ts), on the api's store with every projection.
    const verifier = createDomainVerifier({ store: api.app.get(EventStore), dnsServers: api.config.dnsServers, dataSource: api.dataSource });
    expect(await verifier.runDue(new Date(Date.now() + 2 * 60_000))).toEqual({ checked: 1, verified: 1, expired: 1 });

    const feed = (await activity(owner.sessionId, ws)).filter((a) => a.target.id === proven.id || a.target.id === stale.id);
    const system = { type: 'system', id: null, name: null };
    expect(feed.map((a) => [a.action, a.actor, a.target.name])).toEqual([
      ['domain-verified', system, 'auto.act-example.com'],
      ['domain-verification-expired', system, 'stale.act-example.com'],
      ['domain-added', { type: 'user', id: editor.user.id, name: 'act-dns-editor' }, 'stale.act-example.com'],
      ['domain-added', { type: 'user', id: editor.user.id, name: 'act-dns-editor' }, 'auto.act-example.com'],
    ]);

    // The checks stored before this fix carried no workspace; the upgrade puts them in the domain's workspace.
    await api.dataSource.query(
      `UPDATE events SET metadata = metadata - 'workspaceId' WHERE stream_id = ANY($1::uuid[]) AND metadata->>'requestId' = 'maintenance:domain-verification'`,
      [[proven.id, stale.id]],
    );
    const actions = async () =>
      (await activity(owner.sessionId, ws)).filter((a) => a.target.id === proven.id || a.target.id === stale.id).map((a) => a.action);
    expect(await actions()).toEqual(['domain-added', 'domain-added']);
    const runner = api.dataSource.createQueryRunner();
    try {
      await new DomainChecksInActivity1767053100000().up(runner);
    } finally {
      await runner.release();
    }
    expect(await actions()).toEqual(['domain-verified', 'domain-verification-expired', 'domain-added', 'domain-added']);
  });

  it("events stored before workspaces existed appear in the personal workspace's activity after the upgrade", async () => {
    const { user, sessionId } = await approvedUser(api, 'act-old-timer');
    const link = await api.call('POST', '/api/links', { session: sessionId, body: { originalUrl: 'https://example.org/old', shortCode: 'old-one' } });
    expect(
      (await api.call('PUT', `/api/links/${link.body.id}`, { session: sessionId, body: { name: 'Renamed', originalUrl: 'https://example.org/old' } }))
        .status,
    ).toBe(200);
    // Before the upgrade, events carried who made them, not where.
    await api.dataSource.query(`UPDATE events SET metadata = metadata - 'workspaceId' - 'apiKeyId' WHERE stream_id = $1`, [link.body.id]);
    expect((await activity(sessionId, user.id)).filter((a) => a.target.id === link.body.id)).toEqual([]);

    const runner = api.dataSource.createQueryRunner();
    try {
      await new ActivityBeforeWorkspaces1767043100000().up(runner);
    } finally {
      await runner.release();
    }
    const feed = (await activity(sessionId, user.id)).filter((a) => a.target.id === link.body.id);
    expect(feed.map((a) => [a.action, a.actor])).toEqual([
      ['link-updated', { type: 'user', id: user.id, name: 'act-old-timer' }],
      ['link-created', { type: 'user', id: user.id, name: 'act-old-timer' }],
    ]);
    // Another user's personal feed does not get them.
    const other = await approvedUser(api, 'act-newcomer');
    expect((await activity(other.sessionId, other.user.id)).filter((a) => a.target.id === link.body.id)).toEqual([]);
  });
});
