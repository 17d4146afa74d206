import { purgeExpiredSessions } from '@app/identity';
import { approvedUser } from '../helpers/auth.js';
import { startTestApi, type TestApi } from '../helpers/test-api.js';

/** Issue 16 item 9: expired sessions are deleted by the maintenance job, live ones stay and keep working. */
describe('expired session purge', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api?.close());

  it('deletes exactly the expired sessions', async () => {
    const live = (await approvedUser(api, 'purge-live')).sessionId;
    const old = (await approvedUser(api, 'purge-old')).sessionId;
    await api.dataSource.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE username = 'purge-old')`,
    );
    const [{ n: before }] = await api.dataSource.query('SELECT count(*)::int AS n FROM sessions');
    expect(await purgeExpiredSessions(api.dataSource)).toBe(1);
    const [{ n: after }] = await api.dataSource.query('SELECT count(*)::int AS n FROM sessions');
    expect(after).toBe(before - 1);
    expect((await api.call('GET', '/api/auth/me', { session: live })).status).toBe(200);
    expect((await api.call('GET', '/api/auth/me', { session: old })).status).toBe(401);
    expect(await purgeExpiredSessions(api.dataSource)).toBe(0);
  });
});
