import { generate } from 'otplib';
import { accountSuite } from '../helpers/account-suite.js';
import { approvedUser } from '../helpers/auth.js';
import type { TestApi } from '../helpers/test-api.js';

const SIGN_IN = 'Please sign in: your session is missing or has expired.';
const WS_NOT_FOUND = { statusCode: 404, message: 'Workspace not found.' };

/**
 * Deleting an account (docs/product.md#accounts, docs/product.md#workspaces): the user's own "Delete my account" and
 * an admin's Delete take the same path, and no shared workspace is left without an owner.
 */
describe('deleting an account: the user themself or an admin; shared workspaces keep an owner', () => {
  let api: TestApi;
  let admin: string;
  const { liveSocket } = accountSuite((started, adminSessionId) => ((api = started), (admin = adminSessionId)));

  const login = (username: string, password: string) => api.call('POST', '/api/auth/login', { body: { username, password } });
  const deleteOwn = (session: string, body?: unknown) => api.call('DELETE', '/api/auth/account', { session, body });
  const q = (path: string, workspaceId: string) => `${path}${path.includes('?') ? '&' : '?'}workspaceId=${workspaceId}`;
  const link = async (session: string, workspaceId: string, shortCode: string) => {
    const res = await api.call('POST', q('/api/links', workspaceId), { session, body: { originalUrl: `https://${shortCode}.example/`, shortCode } });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  /** A shared workspace made by `owner`, with `members` joining in this order with their roles. */
  const workspace = async (owner: string, name: string, members: [string, string][] = []) => {
    const id = (await api.call('POST', '/api/workspaces', { session: owner, body: { name } })).body.id as string;
    for (const [session, role] of members) {
      const inv = await api.call('POST', `/api/workspaces/${id}/invitations`, { session: owner, body: { role } });
      expect((await api.call('POST', `/api/invitations/${inv.body.token}/accept`, { session })).status).toBe(200);
    }
    return id;
  };
  const members = async (session: string, workspaceId: string) =>
    (await api.call('GET', `/api/workspaces/${workspaceId}/members`, { session })).body.map((m: { username: string; role: string }) => [
      m.username,
      m.role,
    ]);

  it('"Delete my account" needs the current password; then the account, its personal links and every session are gone', async () => {
    const { user, sessionId } = await approvedUser(api, 'del-alice', 'alice-password-1');
    const other = (await login('del-alice', 'alice-password-1')).body.sessionId;
    const otherLive = await liveSocket(other);
    await link(sessionId, user.id, 'alice-own');

    expect(await deleteOwn(sessionId)).toMatchObject({
      status: 400,
      body: { statusCode: 400, message: 'password: please enter your current password to delete your account.' },
    });
    expect(await deleteOwn(sessionId, { password: 'wrong-password-1' })).toMatchObject({
      status: 400,
      body: { message: 'password: the password is not correct.' },
    });
    expect(await deleteOwn(sessionId, { password: 12 })).toMatchObject({ status: 400 });
    expect((await api.call('GET', '/api/auth/me', { session: sessionId })).status).toBe(200);

    expect(await deleteOwn(sessionId, { password: 'alice-password-1' })).toMatchObject({ status: 200, body: {} });
    expect(await otherLive.closed).toBe('io server disconnect');
    for (const s of [sessionId, other])
      expect(await api.call('GET', '/api/auth/me', { session: s })).toMatchObject({ status: 401, body: { message: SIGN_IN } });
    expect((await login('del-alice', 'alice-password-1')).status).toBe(401);
    expect(await api.dataSource.query('SELECT 1 FROM links WHERE owner_id = $1', [user.id])).toEqual([]);
    expect(await api.dataSource.query('SELECT 1 FROM workspaces WHERE id = $1', [user.id])).toEqual([]);
    const [event] = await api.dataSource.query<{ data: { by: string; reason: string } }[]>(
      "SELECT data FROM events WHERE stream_id = $1 AND type = 'user-deleted'",
      [user.id],
    );
    expect(event.data).toMatchObject({ by: user.id, reason: 'deleted' });
    // The name is free again.
    expect((await api.call('POST', '/api/auth/register', { body: { username: 'del-alice', password: 'alice-password-2' } })).status).toBe(201);
  });

  it('with two-factor sign-in on, "Delete my account" also needs a current code of the authenticator app or a recovery code', async () => {
    const { user, sessionId } = await approvedUser(api, 'del-tf', 'del-tf-password-1');
    const setup = (await api.call('POST', '/api/auth/2fa/setup', { session: sessionId })).body;
    const code = (offsetSteps = 0) => generate({ secret: setup.secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });
    // Away from a 30-second step's edge, so "the previous step" means the same here and in the api.
    const into = (Date.now() / 1000) % 30;
    if (into > 26) await new Promise((r) => setTimeout(r, (30 - into + 0.2) * 1000));
    const enabled = await api.call('POST', '/api/auth/2fa/enable', { session: sessionId, body: { code: await code(-1) } });
    expect(enabled.status).toBe(200);
    const password = 'del-tf-password-1';

    expect(await deleteOwn(sessionId, { password })).toMatchObject({
      status: 400,
      body: { statusCode: 400, message: 'code: enter the 6-digit code of your authenticator app or a recovery code.' },
    });
    const wrong = (await code()) === '000000' ? '111111' : '000000';
    expect(await deleteOwn(sessionId, { password, code: wrong })).toMatchObject({
      status: 400,
      body: { statusCode: 400, message: 'code: this code is not correct. Use the current code of your authenticator app.' },
    });
    expect(await deleteOwn(sessionId, { password, code: 'aaaaa-bbbbb' })).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/^code: /) },
    });
    // The password is still checked first, whatever the code.
    expect(await deleteOwn(sessionId, { password: 'wrong-password-1', code: await code() })).toMatchObject({
      status: 400,
      body: { message: 'password: the password is not correct.' },
    });
    expect((await api.call('GET', '/api/auth/me', { session: sessionId })).status).toBe(200);

    expect(await deleteOwn(sessionId, { password, code: await code() })).toMatchObject({ status: 200, body: {} });
    expect((await api.call('GET', '/api/auth/me', { session: sessionId })).status).toBe(401);
    expect(await api.dataSource.query('SELECT 1 FROM users WHERE id = $1', [user.id])).toEqual([]);

    // A recovery code works as well.
    const bob = await approvedUser(api, 'del-tf-bob', 'del-tf-bob-password');
    const bobSetup = (await api.call('POST', '/api/auth/2fa/setup', { session: bob.sessionId })).body;
    const bobCodes = (
      await api.call('POST', '/api/auth/2fa/enable', {
        session: bob.sessionId,
        body: { code: await generate({ secret: bobSetup.secret, epoch: Math.floor(Date.now() / 1000) }) },
      })
    ).body.recoveryCodes as string[];
    expect(await deleteOwn(bob.sessionId, { password: 'del-tf-bob-password', code: bobCodes[3] })).toMatchObject({ status: 200, body: {} });
    expect((await api.call('GET', '/api/auth/me', { session: bob.sessionId })).status).toBe(401);
  });

  it("wrong passwords count on the sign-in's per-account limit (429), and the instance's only admin cannot delete themself", async () => {
    const { sessionId } = await approvedUser(api, 'del-bob', 'bob-password-1');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await deleteOwn(sessionId, { password: `wrong-password-${i}` })).status);
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s !== 400 && s !== 429)).toEqual([]);

    expect(await deleteOwn(admin, { password: 'admin-password-1' })).toMatchObject({
      status: 400,
      body: { message: 'You are the only administrator: make another account an administrator before deleting yours.' },
    });
    expect((await api.call('GET', '/api/auth/me', { session: admin })).status).toBe(200);
    // The admin screen's rules stay: no admin deletes themself there.
    const me = (await api.call('GET', '/api/auth/me', { session: admin })).body.user.id;
    expect((await api.call('DELETE', `/api/admin/users/${me}`, { session: admin })).status).toBe(403);
  });

  it('an admin deletes a last owner: the longest-standing editor takes over, else the longest-standing viewer; an empty workspace goes', async () => {
    const owner = await approvedUser(api, 'del-owner');
    const viewer1 = await approvedUser(api, 'del-viewer-1');
    const viewer2 = await approvedUser(api, 'del-viewer-2');
    const editor1 = await approvedUser(api, 'del-editor-1');
    const editor2 = await approvedUser(api, 'del-editor-2');
    const coOwner = await approvedUser(api, 'del-co-owner');
    // Viewers joined before editors: editors still come first.
    const withEditors = await workspace(owner.sessionId, 'With editors', [
      [viewer1.sessionId, 'viewer'],
      [editor1.sessionId, 'editor'],
      [editor2.sessionId, 'editor'],
    ]);
    const viewersOnly = await workspace(owner.sessionId, 'Viewers only', [
      [viewer2.sessionId, 'viewer'],
      [viewer1.sessionId, 'viewer'],
    ]);
    const alone = await workspace(owner.sessionId, 'Alone');
    const shared = await workspace(owner.sessionId, 'Two owners', [[coOwner.sessionId, 'viewer']]);
    await api.call('PUT', `/api/workspaces/${shared}/members/${coOwner.user.id}`, { session: owner.sessionId, body: { role: 'owner' } });
    const kept = await link(owner.sessionId, withEditors, 'team-kept');
    await link(owner.sessionId, alone, 'alone-gone');

    expect((await api.call('DELETE', `/api/admin/users/${owner.user.id}`, { session: admin })).status).toBe(200);

    expect(await members(editor1.sessionId, withEditors)).toEqual([
      ['del-viewer-1', 'viewer'],
      ['del-editor-1', 'owner'],
      ['del-editor-2', 'editor'],
    ]);
    expect(await members(viewer2.sessionId, viewersOnly)).toEqual([
      ['del-viewer-2', 'owner'],
      ['del-viewer-1', 'viewer'],
    ]);
    expect(await members(coOwner.sessionId, shared)).toEqual([['del-co-owner', 'owner']]);
    expect(await api.dataSource.query('SELECT id FROM workspaces WHERE id = $1', [alone])).toEqual([]);
    expect(await api.dataSource.query("SELECT 1 FROM links WHERE short_code = 'alone-gone'")).toEqual([]);
    // The links of a workspace that stays, stay; the new owner runs it.
    expect((await api.call('GET', `/api/links/${kept}?workspaceId=${withEditors}`, { session: editor1.sessionId })).status).toBe(200);
    expect((await api.call('PUT', `/api/workspaces/${withEditors}`, { session: editor1.sessionId, body: { name: 'Ours now' } })).status).toBe(200);

    // The activity says what happened, by whom.
    const adminId = (await api.call('GET', '/api/auth/me', { session: admin })).body.user.id;
    const activity = (await api.call('GET', `/api/workspaces/${withEditors}/activity?limit=100`, { session: viewer1.sessionId })).body.data;
    const handOver = activity.filter((a: { action: string }) => ['workspace-role-changed', 'workspace-member-removed'].includes(a.action));
    expect(handOver.map((a: { action: string; actor: { id: string }; target: { id: string } }) => [a.action, a.actor.id, a.target.id])).toEqual([
      ['workspace-member-removed', adminId, owner.user.id],
      ['workspace-role-changed', adminId, editor1.user.id],
    ]);
  });

  it('"Delete my account" of a last owner hands the workspace over the same way; a rebuild gives the same rows', async () => {
    const owner = await approvedUser(api, 'del-self-owner', 'self-owner-password');
    const viewer = await approvedUser(api, 'del-self-viewer');
    const ws = await workspace(owner.sessionId, 'Self team', [[viewer.sessionId, 'viewer']]);
    const kept = await link(owner.sessionId, ws, 'self-team-kept');
    const alone = await workspace(owner.sessionId, 'Self alone');

    expect((await deleteOwn(owner.sessionId, { password: 'self-owner-password' })).status).toBe(200);
    expect(await members(viewer.sessionId, ws)).toEqual([['del-self-viewer', 'owner']]);
    expect((await api.call('GET', q(`/api/links/${kept}`, ws), { session: viewer.sessionId })).status).toBe(200);
    expect((await api.call('GET', `/api/workspaces/${alone}`, { session: admin })).body).toEqual(WS_NOT_FOUND);
    expect(await api.dataSource.query('SELECT 1 FROM workspaces WHERE id = $1', [alone])).toEqual([]);

    const snapshot = async () => [
      await api.dataSource.query('SELECT * FROM workspaces ORDER BY id'),
      await api.dataSource.query('SELECT * FROM workspace_members ORDER BY workspace_id, user_id'),
      await api.dataSource.query('SELECT id, owner_id FROM links ORDER BY id'),
    ];
    const before = await snapshot();
    expect((await api.call('POST', '/api/admin/system/rebuild-projections', { session: admin })).status).toBe(200);
    expect(await snapshot()).toEqual(before);
  });

  it('an account is deleted once: a second call of a gone session is 401, an API key cannot delete its maker', async () => {
    const { user, sessionId } = await approvedUser(api, 'del-carol', 'carol-password-1');
    const key = await api.call('POST', '/api/api-keys', { session: sessionId, body: { name: 'k', scopes: ['links:read'] } });
    expect(await deleteOwn(key.body.key, { password: 'carol-password-1' })).toMatchObject({
      status: 403,
      body: { message: 'API keys cannot be used on this route; sign in instead.' },
    });
    expect((await deleteOwn(sessionId, { password: 'carol-password-1' })).status).toBe(200);
    expect((await deleteOwn(sessionId, { password: 'carol-password-1' })).status).toBe(401);
    expect(await api.dataSource.query('SELECT 1 FROM api_keys WHERE owner_id = $1', [user.id])).toEqual([]);
  });
});
