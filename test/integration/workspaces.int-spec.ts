import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { LIVE_EVENT_CLICKS, LIVE_EVENT_WORKSPACE, redisKeys, type LiveClicksEvent, type LiveSummary } from '@app/contracts';
import { adminSession, approvedUser } from '../helpers/auth.js';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { until } from '../helpers/until.js';

const NOT_FOUND = { statusCode: 404, message: 'Workspace not found.' };
const needs = (role: string) => ({
  statusCode: 403,
  message: `This needs the ${role} role in this workspace${role === 'owner' ? '' : ' (or higher)'}.`,
});
const GONE_INVITATION = { statusCode: 404, message: 'This invitation does not exist, has expired, was already used or was revoked.' };

describe('workspaces: roles, invitations, API keys, activity and live updates', () => {
  let api: TestApi;
  let owner: string;
  let editor: string;
  let viewer: string;
  let stranger: string;
  let ownerId: string;
  let editorId: string;
  let viewerId: string;
  let ws: string;
  const sockets: Socket[] = [];
  const q = (path: string, workspaceId = ws) => `${path}${path.includes('?') ? '&' : '?'}workspaceId=${workspaceId}`;

  /** Owner invites with `role`, `session` accepts; returns the accepted workspace. */
  async function join(session: string, role: string) {
    const inv = await api.call('POST', `/api/workspaces/${ws}/invitations`, { session: owner, body: { role } });
    expect(inv.status).toBe(201);
    const res = await api.call('POST', `/api/invitations/${inv.body.token}/accept`, { session });
    expect(res.status).toBe(200);
    return res.body.workspace;
  }

  beforeAll(async () => {
    api = await startTestApi();
    const o = await approvedUser(api, 'ws-owner');
    const e = await approvedUser(api, 'ws-editor');
    const v = await approvedUser(api, 'ws-viewer');
    const s = await approvedUser(api, 'ws-stranger');
    [owner, editor, viewer, stranger] = [o.sessionId, e.sessionId, v.sessionId, s.sessionId];
    [ownerId, editorId, viewerId] = [o.user.id, e.user.id, v.user.id];
    const created = await api.call('POST', '/api/workspaces', { session: owner, body: { name: '  Marketing team ' } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'Marketing team',
      slug: 'marketing-team',
      role: 'owner',
      isPersonal: false,
      createdAt: expect.any(String),
    });
    ws = created.body.id;
    expect(await join(editor, 'editor')).toMatchObject({ id: ws, role: 'editor', isPersonal: false });
    expect(await join(viewer, 'viewer')).toMatchObject({ id: ws, role: 'viewer' });
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(async () => {
    await api?.close();
  });

  it('every account has its personal workspace (id = the user id), listed first with the role owner', async () => {
    const list = await api.call('GET', '/api/workspaces', { session: owner });
    expect(list.body.map((w: { id: string; name: string; role: string; isPersonal: boolean }) => [w.id, w.name, w.role, w.isPersonal])).toEqual([
      [ownerId, 'Personal', 'owner', true],
      [ws, 'Marketing team', 'owner', false],
    ]);
    const members = await api.call('GET', `/api/workspaces/${ws}/members`, { session: viewer });
    expect(members.body.map((m: { username: string; role: string }) => [m.username, m.role])).toEqual([
      ['ws-owner', 'owner'],
      ['ws-editor', 'editor'],
      ['ws-viewer', 'viewer'],
    ]);
  });

  it('an editor creates and edits links in the workspace; a viewer reads them and gets 403 naming the role on a change', async () => {
    const made = await api.call('POST', q('/api/links'), { session: editor, body: { originalUrl: 'https://team.example/a', shortCode: 'team-a' } });
    expect(made.status).toBe(201);
    const edited = await api.call('PUT', q(`/api/links/${made.body.id}`), {
      session: editor,
      body: { name: 'Launch', originalUrl: 'https://team.example/launch' },
    });
    expect(edited.status).toBe(200);
    expect((await api.call('GET', q('/api/links'), { session: viewer })).body.map((l: { name: string }) => l.name)).toEqual(['Launch']);
    expect((await api.call('GET', q('/api/links'), { session: owner })).body).toHaveLength(1);
    // Not in anybody's personal workspace.
    expect((await api.call('GET', '/api/links', { session: editor })).body).toEqual([]);
    for (const res of [
      await api.call('PUT', q(`/api/links/${made.body.id}`), { session: viewer, body: { name: 'x', originalUrl: 'https://evil.example/' } }),
      await api.call('DELETE', q(`/api/links/${made.body.id}`), { session: viewer }),
      await api.call('POST', q('/api/links'), { session: viewer, body: { originalUrl: 'https://team.example/b' } }),
      await api.call('POST', q('/api/api-keys'), { session: viewer, body: { name: 'k', scopes: ['links:read'] } }),
    ])
      expect(res.body).toEqual(needs('editor'));
    expect((await api.call('PUT', `/api/workspaces/${ws}`, { session: editor, body: { name: 'Renamed' } })).body).toEqual(needs('owner'));
    expect((await api.call('POST', `/api/workspaces/${ws}/invitations`, { session: editor, body: { role: 'owner' } })).body).toEqual(needs('owner'));
    expect((await api.call('GET', q(`/api/links/${made.body.id}`), { session: viewer })).body.originalUrl).toBe('https://team.example/launch');
    // The link's workspace is its owner column: the dashboard of the workspace counts it.
    expect((await api.call('GET', q('/api/analytics/stats?timezoneOffset=0'), { session: viewer })).body.totalLinks).toBe(1);
  });

  it('a non-member gets 404 on the workspace and everything in it', async () => {
    const link = (await api.call('GET', q('/api/links'), { session: owner })).body[0];
    const routes: [string, string, unknown?][] = [
      ['GET', q('/api/links')],
      ['POST', q('/api/links'), { originalUrl: 'https://x.example/' }],
      ['GET', q(`/api/links/${link.id}`)],
      ['PUT', q(`/api/links/${link.id}`), { name: 'x', originalUrl: 'https://x.example/' }],
      ['DELETE', q(`/api/links/${link.id}`)],
      ['GET', q(`/api/links/${link.id}/qr`)],
      ['GET', q(`/api/links/${link.id}/analytics`)],
      ['GET', q(`/api/links/${link.id}/clicks`)],
      ['GET', q('/api/links/export')],
      ['GET', q('/api/tags')],
      ['GET', q('/api/domains')],
      ['POST', q('/api/domains'), { domain: 'x.example.com' }],
      ['GET', q('/api/analytics/stats')],
      ['GET', q('/api/analytics/trends')],
      ['GET', q('/api/analytics/daily-summary')],
      ['GET', q('/api/analytics/performance')],
      ['GET', q('/api/analytics/geographic')],
      ['GET', q('/api/analytics/recent-ip-activity')],
      ['GET', q('/api/export/csv')],
      ['GET', q('/api/api-keys')],
      ['GET', q('/api/webhooks')],
      ['GET', q(`/api/imports/${randomUUID()}`)],
      ['GET', `/api/workspaces/${ws}`],
      ['PUT', `/api/workspaces/${ws}`, { name: 'mine' }],
      ['DELETE', `/api/workspaces/${ws}`],
      ['GET', `/api/workspaces/${ws}/members`],
      ['PUT', `/api/workspaces/${ws}/members/${ownerId}`, { role: 'viewer' }],
      ['DELETE', `/api/workspaces/${ws}/members/${ownerId}`],
      ['GET', `/api/workspaces/${ws}/invitations`],
      ['POST', `/api/workspaces/${ws}/invitations`, { role: 'owner' }],
      ['GET', `/api/workspaces/${ws}/activity`],
    ];
    const failures: string[] = [];
    for (const [method, path, body] of routes) {
      const res = await api.call(method, path, { session: stranger, body });
      if (res.status !== 404 || res.body?.message !== NOT_FOUND.message)
        failures.push(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(failures).toEqual([]);
    expect((await api.call('GET', '/api/workspaces', { session: stranger })).body.map((w: { id: string }) => w.id)).not.toContain(ws);
    expect((await api.call('GET', '/api/links?workspaceId=not-a-uuid', { session: stranger })).body).toEqual({
      statusCode: 400,
      message: 'workspaceId must be a workspace id (a UUID).',
    });
    expect((await api.call('GET', q('/api/links'), { session: owner })).body).toHaveLength(1);
  });

  it('an invitation works once, expires and can be revoked', async () => {
    const late = await approvedUser(api, 'ws-late');
    const inv = await api.call('POST', `/api/workspaces/${ws}/invitations`, { session: owner, body: { role: 'viewer', expiresInDays: 1 } });
    expect(inv.body).toEqual({
      id: expect.any(String),
      token: expect.any(String),
      url: `${api.config.appUrl}/invite/${inv.body.token}`,
      role: 'viewer',
      expiresAt: expect.any(String),
      createdAt: expect.any(String),
    });
    expect(new Date(inv.body.expiresAt).getTime() - new Date(inv.body.createdAt).getTime()).toBe(86_400_000);
    const listed = await api.call('GET', `/api/workspaces/${ws}/invitations`, { session: owner });
    expect(listed.body.map((i: { id: string }) => i.id)).toContain(inv.body.id);
    expect(listed.body.every((i: Record<string, unknown>) => !('token' in i))).toBe(true);
    expect((await api.call('POST', `/api/invitations/${inv.body.token}/accept`, { session: late.sessionId })).status).toBe(200);
    // Used: 404 for anyone, and it leaves the open list.
    expect((await api.call('POST', `/api/invitations/${inv.body.token}/accept`, { session: stranger })).body).toEqual(GONE_INVITATION);
    expect((await api.call('GET', `/api/workspaces/${ws}/invitations`, { session: owner })).body.map((i: { id: string }) => i.id)).not.toContain(
      inv.body.id,
    );

    const revoked = await api.call('POST', `/api/workspaces/${ws}/invitations`, { session: owner, body: { role: 'editor' } });
    expect((await api.call('DELETE', `/api/workspaces/${ws}/invitations/${revoked.body.id}`, { session: owner })).status).toBe(200);
    expect((await api.call('POST', `/api/invitations/${revoked.body.token}/accept`, { session: stranger })).body).toEqual(GONE_INVITATION);

    const expired = await api.call('POST', `/api/workspaces/${ws}/invitations`, { session: owner, body: { role: 'editor' } });
    // Expiry in the past, in the read model and in the event the aggregate decides from (a rebuild gives the same row).
    await api.dataSource.query(`UPDATE workspace_invitations SET expires_at = '2020-01-01T00:00:00.000Z' WHERE id = $1`, [expired.body.id]);
    await api.dataSource.query(
      `UPDATE events SET data = jsonb_set(data, '{expiresAt}', to_jsonb('2020-01-01T00:00:00.000Z'::text))
        WHERE type = 'workspace-invitation-created' AND data->>'invitationId' = $1`,
      [expired.body.id],
    );
    expect((await api.call('POST', `/api/invitations/${expired.body.token}/accept`, { session: stranger })).body).toEqual(GONE_INVITATION);
    expect((await api.call('POST', `/api/invitations/${'x'.repeat(43)}/accept`, { session: stranger })).body).toEqual(GONE_INVITATION);
    for (const body of [{ role: 'admin' }, { role: 'viewer', expiresInDays: 31 }, { role: 'viewer', expiresInDays: 0 }, {}]) {
      const res = await api.call('POST', `/api/workspaces/${ws}/invitations`, { session: owner, body });
      expect(res.status).toBe(400);
    }
    expect((await api.call('GET', `/api/workspaces/${ws}/members`, { session: owner })).body.map((m: { username: string }) => m.username)).toEqual([
      'ws-owner',
      'ws-editor',
      'ws-viewer',
      'ws-late',
    ]);
    expect((await api.call('DELETE', `/api/workspaces/${ws}/members/${late.user.id}`, { session: late.sessionId })).status).toBe(200);
  });

  it('keeps at least one owner; the personal workspace cannot be deleted; names are 1–64 characters', async () => {
    const LAST_OWNER = { statusCode: 400, message: 'A workspace must keep at least one owner: make another member an owner first.' };
    expect((await api.call('DELETE', `/api/workspaces/${ws}/members/${ownerId}`, { session: owner })).body).toEqual(LAST_OWNER);
    expect((await api.call('PUT', `/api/workspaces/${ws}/members/${ownerId}`, { session: owner, body: { role: 'editor' } })).body).toEqual(
      LAST_OWNER,
    );
    // A second owner: now the first may step down, and back.
    expect((await api.call('PUT', `/api/workspaces/${ws}/members/${editorId}`, { session: owner, body: { role: 'owner' } })).body).toMatchObject({
      userId: editorId,
      role: 'owner',
    });
    expect((await api.call('PUT', `/api/workspaces/${ws}/members/${ownerId}`, { session: editor, body: { role: 'viewer' } })).status).toBe(200);
    expect((await api.call('PUT', `/api/workspaces/${ws}/members/${ownerId}`, { session: editor, body: { role: 'owner' } })).status).toBe(200);
    expect((await api.call('PUT', `/api/workspaces/${ws}/members/${editorId}`, { session: owner, body: { role: 'editor' } })).status).toBe(200);
    // A viewer may leave, not remove others.
    expect((await api.call('DELETE', `/api/workspaces/${ws}/members/${editorId}`, { session: viewer })).body).toEqual(needs('owner'));
    expect((await api.call('DELETE', `/api/workspaces/${ownerId}`, { session: owner })).body).toEqual({
      statusCode: 400,
      message: 'Your personal workspace cannot be deleted; it goes with your account.',
    });
    expect((await api.call('POST', '/api/workspaces', { session: owner, body: { name: '   ' } })).status).toBe(400);
    expect((await api.call('POST', '/api/workspaces', { session: owner, body: { name: 'x'.repeat(65) } })).status).toBe(400);
    expect((await api.call('POST', '/api/workspaces', { session: owner, body: { name: 'ok', extra: 1 } })).status).toBe(400);
    expect((await api.call('PUT', `/api/workspaces/${ws}`, { session: owner, body: { name: 'Marketing team' } })).body.name).toBe('Marketing team');
  });

  it("an API key acts only in its own workspace, with its maker's role, and its changes name it in the activity", async () => {
    const key = await api.call('POST', q('/api/api-keys'), { session: editor, body: { name: 'team CI', scopes: ['links:read', 'links:write'] } });
    expect(key.status).toBe(201);
    const made = await api.call('POST', '/api/links', {
      session: key.body.key,
      body: { originalUrl: 'https://team.example/ci', shortCode: 'team-ci' },
    });
    expect(made.status).toBe(201);
    expect((await api.call('GET', q('/api/links'), { session: owner })).body.map((l: { id: string }) => l.id)).toContain(made.body.id);
    // Another workspace (even one its maker belongs to) is 404; its maker's personal links are unseen.
    expect((await api.call('GET', q('/api/links', editorId), { session: key.body.key })).body).toEqual(NOT_FOUND);
    await api.call('POST', '/api/links', { session: editor, body: { originalUrl: 'https://editor.example/own', shortCode: 'editor-own' } });
    const seen = (await api.call('GET', '/api/links', { session: key.body.key })).body.map((l: { shortCode: string }) => l.shortCode);
    expect(seen).not.toContain('editor-own');
    expect(seen).toContain('team-ci');
    // The key's maker becomes a viewer: the key can no longer write.
    await api.call('PUT', `/api/workspaces/${ws}/members/${editorId}`, { session: owner, body: { role: 'viewer' } });
    expect((await api.call('POST', '/api/links', { session: key.body.key, body: { originalUrl: 'https://team.example/no' } })).body).toEqual(
      needs('editor'),
    );
    await api.call('PUT', `/api/workspaces/${ws}/members/${editorId}`, { session: owner, body: { role: 'editor' } });
    // Keys are listed per workspace.
    expect((await api.call('GET', q('/api/api-keys'), { session: owner })).body.map((k: { name: string }) => k.name)).toEqual(['team CI']);
    expect((await api.call('GET', '/api/api-keys', { session: editor })).body).toEqual([]);

    const activity = await api.call('GET', `/api/workspaces/${ws}/activity?limit=100`, { session: viewer });
    expect(activity.status).toBe(200);
    const byKey = activity.body.data.find(
      (a: { action: string; target: { id: string } }) => a.action === 'link-created' && a.target.id === made.body.id,
    );
    expect(byKey).toMatchObject({ actor: { type: 'apiKey', id: key.body.id, name: 'team CI' }, target: { type: 'link', name: 'Untitled Link' } });
    const byUser = activity.body.data.filter((a: { action: string; actor: { type: string } }) => a.action === 'link-updated');
    expect(byUser).toEqual([expect.objectContaining({ actor: { type: 'user', id: editorId, name: 'ws-editor' } })]);
    expect(byUser[0].target).toMatchObject({ type: 'link', name: 'Launch' });
    const invited = activity.body.data.filter((a: { action: string }) => a.action === 'workspace-member-added');
    expect(invited.map((a: { target: { name: string } }) => a.target.name)).toEqual(expect.arrayContaining(['ws-owner', 'ws-editor', 'ws-viewer']));
    expect(activity.body.total).toBe(activity.body.data.length);
    const page2 = await api.call('GET', `/api/workspaces/${ws}/activity?page=2&limit=2`, { session: viewer });
    expect(page2.body.data).toEqual(activity.body.data.slice(2, 4));
    expect((await api.call('GET', `/api/workspaces/${ws}/activity?limit=0`, { session: viewer })).status).toBe(400);
  });

  it('live click updates reach the workspace members and nobody else; a new member joins the room at once', async () => {
    const link = (await api.call('GET', q('/api/links'), { session: owner })).body[0];
    const connect = async (sessionId: string) => {
      const socket = io(`${api.baseUrl}/live`, { transports: ['websocket'], reconnection: false, forceNew: true, auth: { sessionId } });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const got: LiveClicksEvent[] = [];
      socket.on(LIVE_EVENT_CLICKS, (e: LiveClicksEvent) => got.push(e));
      const changes: { workspaceId: string; type: string }[] = [];
      socket.on(LIVE_EVENT_WORKSPACE, (e: { workspaceId: string; type: string }) => changes.push(e));
      return { got, changes };
    };
    const late = await approvedUser(api, 'ws-live-late');
    const [o, v, s, l] = [await connect(owner), await connect(viewer), await connect(stranger), await connect(late.sessionId)];
    const publish = (clicks: number) =>
      api.redis.publish(
        redisKeys(api.config.redisPrefix).liveChannel,
        JSON.stringify({ links: [{ linkId: link.id, ownerId: ws, clicks, lastClick: new Date().toISOString() }] } satisfies LiveSummary),
      );
    await publish(5);
    await until(async () => o.got.length > 0 && v.got.length > 0);
    expect(o.got[0].links[0]).toMatchObject({ linkId: link.id, clicks: 5 });
    expect(v.got[0].links[0]).toMatchObject({ linkId: link.id, clicks: 5 });
    // The late user is invited while connected: their socket joins the room without reconnecting.
    const inv = await api.call('POST', `/api/workspaces/${ws}/invitations`, { session: owner, body: { role: 'viewer' } });
    await api.call('POST', `/api/invitations/${inv.body.token}/accept`, { session: late.sessionId });
    await until(async () => o.changes.some((c) => c.type === 'workspace-member-added'));
    await publish(6);
    await until(async () => l.got.length > 0 && o.got.length > 1);
    expect(l.got[0].links[0]).toMatchObject({ linkId: link.id, clicks: 6 });
    // Removed: no more updates.
    await api.call('DELETE', `/api/workspaces/${ws}/members/${late.user.id}`, { session: owner });
    await until(async () => l.changes.some((c) => c.type === 'workspace-member-removed'));
    await publish(7);
    await until(async () => o.got.length > 2);
    await new Promise((r) => setTimeout(r, 400));
    expect(l.got).toHaveLength(1);
    expect(s.got).toEqual([]);
    expect(s.changes).toEqual([]);
  });

  it('the instance admin keeps the admin powers: every link with its owner when naming no workspace; a shared workspace is not theirs', async () => {
    const admin = await adminSession(api);
    const all = await api.call('GET', '/api/links', { session: admin });
    const team = all.body.find((l: { shortCode: string }) => l.shortCode === 'team-a');
    expect(team).toMatchObject({ ownerUsername: 'Marketing team' });
    expect(all.body.find((l: { shortCode: string }) => l.shortCode === 'editor-own')).toMatchObject({ ownerUsername: 'ws-editor' });
    expect((await api.call('GET', q('/api/links'), { session: admin })).body).toEqual(NOT_FOUND);
    expect((await api.call('GET', `/api/links/${team.id}/analytics`, { session: admin })).status).toBe(200);
    // The performance view and its export name the owner the same way: a shared workspace's name, a user's name.
    const performance = await api.call('GET', '/api/analytics/performance?limit=100', { session: admin });
    const row = (code: string) => performance.body.data.find((l: { shortCode: string }) => l.shortCode === code);
    expect(row('team-a')).toMatchObject({ ownerUsername: 'Marketing team' });
    expect(row('editor-own')).toMatchObject({ ownerUsername: 'ws-editor' });
    const csv = await fetch(`${api.baseUrl}/api/export/csv`, { headers: { authorization: `Bearer ${admin}` } }).then((r) => r.text());
    expect(csv).toContain('Marketing team');
  });

  it('deleting a workspace deletes what it holds; deleting a user deletes their personal workspace, not their shared links', async () => {
    const other = await api.call('POST', '/api/workspaces', { session: owner, body: { name: 'Short-lived' } });
    const link = await api.call('POST', q('/api/links', other.body.id), { session: owner, body: { originalUrl: 'https://gone.example/' } });
    expect(link.status).toBe(201);
    expect((await api.call('DELETE', `/api/workspaces/${other.body.id}`, { session: owner })).status).toBe(200);
    expect(await api.dataSource.query('SELECT id FROM links WHERE owner_id = $1', [other.body.id])).toEqual([]);
    expect((await api.call('GET', q('/api/links', other.body.id), { session: owner })).body).toEqual(NOT_FOUND);

    const admin = await adminSession(api);
    const teamLinksBefore = (await api.call('GET', q('/api/links'), { session: owner })).body.length;
    expect((await api.call('DELETE', `/api/admin/users/${editorId}`, { session: admin })).status).toBe(200);
    expect(await api.dataSource.query('SELECT 1 FROM workspaces WHERE id = $1', [editorId])).toEqual([]);
    expect(await api.dataSource.query('SELECT 1 FROM links WHERE owner_id = $1', [editorId])).toEqual([]);
    expect((await api.call('GET', q('/api/links'), { session: owner })).body).toHaveLength(teamLinksBefore);
    expect((await api.call('GET', `/api/workspaces/${ws}/members`, { session: owner })).body.map((m: { userId: string }) => m.userId)).not.toContain(
      editorId,
    );
    expect(viewerId).toBeDefined();
  });

  it('a projection rebuild gives the same workspaces, members and invitations', async () => {
    const snapshot = async () => [
      await api.dataSource.query('SELECT * FROM workspaces ORDER BY id'),
      await api.dataSource.query('SELECT * FROM workspace_members ORDER BY workspace_id, user_id'),
      await api.dataSource.query('SELECT * FROM workspace_invitations ORDER BY id'),
    ];
    const before = await snapshot();
    const admin = await adminSession(api);
    expect((await api.call('POST', '/api/admin/system/rebuild-projections', { session: admin })).status).toBe(200);
    expect(await snapshot()).toEqual(before);
  });
});
