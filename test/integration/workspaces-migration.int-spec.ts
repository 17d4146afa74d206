import {
  GetDailySummaryHandler,
  GetDailySummaryQuery,
  GetGeographicHandler,
  GetGeographicQuery,
  GetLinkAnalyticsHandler,
  GetLinkAnalyticsQuery,
  GetPerformanceHandler,
  GetPerformanceQuery,
  GetRecentIpActivityHandler,
  GetRecentIpActivityQuery,
  GetStatsHandler,
  GetStatsQuery,
  GetTrendsHandler,
  GetTrendsQuery,
  type Scope,
} from '@app/analytics';
import { createEnricher, ingestClicks } from '@app/clicks';
import { Workspaces1767031000000 } from '../../libs/database/src/migrations/1767031000000-workspaces.js';
import { localDateString, resolveRange } from '@app/time';
import { adminSession, approvedUser } from '../helpers/auth.js';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { manyClicks } from './worker-helpers.js';

/**
 * Migration Workspaces: every existing user gets their personal workspace (id = their id) and every figure stays as
 * it was. Seeded on the new schema, then the migration's down runs (the schema and data of before the upgrade), the
 * dashboard figures are computed by the same queries the api runs, the migration runs again, and the api (no
 * workspaceId: the personal workspace) answers exactly the same figures; every rollup row is untouched.
 */
const MIGRATION = 'Workspaces1767031000000';
const ROLLUP_TABLES = [
  'clicks',
  'links',
  'domains',
  'link_stats',
  'link_clicks_15m',
  'link_clicks_daily',
  'link_geo_15m',
  'link_geo_daily',
  'link_tech_15m',
  'link_tech_daily',
  'owner_clicks_15m',
  'owner_clicks_daily',
  'owner_geo_15m',
  'owner_geo_monthly',
  'ips',
  'ip_activity',
  'ip_places',
  'ip_first_seen_15m',
  'ip_seen_daily',
  'owner_ip_seen_daily',
];

let api: TestApi;
const q = (sql: string, params: unknown[] = []) => api.dataSource.query(sql, params);
const applied = async () => (await q('SELECT name FROM migrations')).map((r: { name: string }) => r.name);
const dump = async () => Object.fromEntries(await Promise.all(ROLLUP_TABLES.map(async (t) => [t, await q(`SELECT * FROM ${t} x ORDER BY x::text`)])));

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe('migration Workspaces', () => {
  it('gives every existing user a personal workspace holding what they own, with every dashboard figure unchanged', async () => {
    const now = new Date();
    const alice = await approvedUser(api, 'mig-alice');
    const bob = await approvedUser(api, 'mig-bob');
    const admin = await adminSession(api);
    const links: { id: string; session: string }[] = [];
    for (const [user, n] of [
      [alice, 4],
      [bob, 2],
    ] as const) {
      for (let i = 0; i < n; i++) {
        const res = await api.call('POST', '/api/links', {
          session: user.sessionId,
          body: { originalUrl: `https://mig.example/${user.user.username}/${i}` },
        });
        expect(res.status).toBe(201);
        links.push({ id: res.body.id, session: user.sessionId });
      }
    }
    const key = await api.call('POST', '/api/api-keys', { session: alice.sessionId, body: { name: 'old key', scopes: ['links:read'] } });
    // Clicks over the last 40 days (every 23 minutes, crossing days and weeks), through the real ingest.
    const enricher = createEnricher();
    const from = now.getTime() - 40 * 86_400_000;
    const clicks = manyClicks(links, 2400, from).map((c, i) => enricher.enrich({ ...c, at: new Date(from + i * 23 * 60_000).toISOString() }));
    expect(
      (
        await ingestClicks(
          api.dataSource,
          clicks.filter((c) => Date.parse(c.at) < now.getTime() - 60_000),
        )
      ).inserted,
    ).toBeGreaterThan(2000);

    // Before the upgrade: this migration's down alone (the later ones of other features stay applied), so the
    // schema and data are those of just before it.
    const runner = api.dataSource.createQueryRunner();
    await new Workspaces1767031000000().down(runner);
    expect((await q(`SELECT to_regclass('workspaces') AS t`))[0].t).toBeNull();
    expect(await q(`SELECT count(*)::int AS n FROM events WHERE stream_type = 'Workspace'`)).toEqual([{ n: 0 }]);
    const rowsBefore = await dump();

    const zone = 0;
    const startDate = localDateString(new Date(now.getTime() - 45 * 86_400_000), zone);
    const endDate = localDateString(now, zone);
    const range = resolveRange({ startDate, endDate }, zone, 30, now);
    const scopes: [string, Scope][] = [
      [alice.sessionId, { workspaceId: alice.user.id, everyWorkspace: false }],
      [bob.sessionId, { workspaceId: bob.user.id, everyWorkspace: false }],
      [admin, { workspaceId: '', everyWorkspace: true }],
    ];
    const linkOf = (session: string) => links.find((l) => l.session === session)!.id;
    const figures = async (session: string, scope: Scope) => ({
      stats: await new GetStatsHandler(api.dataSource).execute(new GetStatsQuery(scope, zone, now)),
      trends: await new GetTrendsHandler(api.dataSource).execute(new GetTrendsQuery(scope, range)),
      daily: await new GetDailySummaryHandler(api.dataSource).execute(new GetDailySummaryQuery(scope, range)),
      performance: await new GetPerformanceHandler(api.dataSource, api.config).execute(new GetPerformanceQuery(scope, range, now)),
      geographic: await new GetGeographicHandler(api.dataSource).execute(new GetGeographicQuery(scope, range)),
      recentIps: await new GetRecentIpActivityHandler(api.dataSource).execute(new GetRecentIpActivityQuery(scope, 30, 1, 100, now)),
      link: scope.everyWorkspace
        ? null
        : await new GetLinkAnalyticsHandler(api.dataSource, api.dataSource).execute(
            new GetLinkAnalyticsQuery(scope, linkOf(session), range, api.config.shortBaseUrl),
          ),
    });
    const before = [];
    for (const [session, scope] of scopes) before.push(await figures(session, scope));
    expect(before[0].stats.totalClicks).toBeGreaterThan(1000);
    expect(before[2].stats.totalClicks).toBe(before[0].stats.totalClicks + before[1].stats.totalClicks);

    // The upgrade.
    await new Workspaces1767031000000().up(runner);
    await runner.release();
    expect(await applied()).toContain(MIGRATION);
    expect(await dump()).toEqual(rowsBefore);
    const users: { id: string; username: string }[] = await q('SELECT id, username FROM users ORDER BY id');
    expect(await q('SELECT id, name, is_personal FROM workspaces ORDER BY id')).toEqual(
      users.map((u) => ({ id: u.id, name: 'Personal', is_personal: true })),
    );
    expect(await q('SELECT workspace_id, user_id, role FROM workspace_members ORDER BY workspace_id')).toEqual(
      users.map((u) => ({ workspace_id: u.id, user_id: u.id, role: 'owner' })),
    );
    expect(await q('SELECT workspace_id::text = owner_id::text AS same FROM api_keys')).toEqual([{ same: true }]);

    // The api answers each user (no workspaceId: their personal workspace) and the admin exactly the same figures.
    const params = `timezoneOffset=0&startDate=${startDate}&endDate=${endDate}`;
    for (const [i, [session, scope]] of scopes.entries()) {
      const get = async (path: string) => {
        const res = await api.call('GET', path, { session });
        expect(res.status).toBe(200);
        return res.body;
      };
      expect({
        stats: await get('/api/analytics/stats?timezoneOffset=0'),
        trends: await get(`/api/analytics/trends?${params}`),
        daily: await get(`/api/analytics/daily-summary?${params}`),
        performance: await get(`/api/analytics/performance?${params}`),
        geographic: await get(`/api/analytics/geographic?${params}`),
        recentIps: await get('/api/analytics/recent-ip-activity?timezoneOffset=0&days=30&limit=100'),
        link: scope.everyWorkspace ? null : await get(`/api/links/${linkOf(session)}/analytics?${params}`),
      }).toEqual(JSON.parse(JSON.stringify(before[i])));
    }
    // The old key still works, in its owner's personal workspace.
    expect((await api.call('GET', '/api/links', { session: key.body.key })).body).toHaveLength(4);
    // A rebuild from the store (the migration wrote the events) gives the same workspace rows.
    const snapshot = () =>
      Promise.all([q('SELECT * FROM workspaces ORDER BY id'), q('SELECT * FROM workspace_members ORDER BY workspace_id, user_id')]);
    const migrated = await snapshot();
    expect((await api.call('POST', '/api/admin/system/rebuild-projections', { session: admin })).status).toBe(200);
    expect(await snapshot()).toEqual(migrated);
    expect(await dump()).toEqual(rowsBefore);
  });
});
