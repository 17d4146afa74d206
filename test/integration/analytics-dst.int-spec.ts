import { randomUUID } from 'node:crypto';
import { GetPerformanceHandler, GetPerformanceQuery, GetStatsHandler, GetStatsQuery } from '@app/analytics';
import { createEnricher, ingestClicks } from '@app/clicks';
import { resolveRange } from '@app/time';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { approvedUser } from '../helpers/auth.js';
import { BROWSER_UA } from '../helpers/user-agents.js';

/**
 * Local days across a daylight-saving change: Europe/Berlin leaves CEST (UTC+2) for CET (UTC+1) on 2026-10-25 at
 * 03:00. With `timeZone=Europe/Berlin` every local day's boundaries come from that zone, whatever `timezoneOffset`
 * (the browser's offset now, -60 in winter) says.
 */
const ZONE = 'timeZone=Europe%2FBerlin&timezoneOffset=-60';
/** The seven local days of 2026-10-22..28, the change on the fourth. */
const WEEK_ACROSS_CHANGE = ['2026-10-22', '2026-10-23', '2026-10-24', '2026-10-25', '2026-10-26', '2026-10-27', '2026-10-28'];
// instant → Berlin local date
const CLICKS: [string, string][] = [
  ['2026-10-24T21:30:00Z', '2026-10-24'], // 23:30 CEST
  ['2026-10-24T22:30:00Z', '2026-10-25'], // 00:30 CEST (a fixed -60 offset says the 24th)
  ['2026-10-25T22:30:00Z', '2026-10-25'], // 23:30 CET
  ['2026-10-25T23:30:00Z', '2026-10-26'], // 00:30 CET
  ['2026-10-21T22:30:00Z', '2026-10-22'], // 00:30 CEST, first day of the week below
];
let api: TestApi;
let session: string;
let linkId: string;
let ownerId: string;

beforeAll(async () => {
  api = await startTestApi();
  const user = await approvedUser(api, 'berliner');
  session = user.sessionId;
  linkId = randomUUID();
  ownerId = user.user.id;
  await api.dataSource.query(
    `INSERT INTO links (id, owner_id, name, short_code, original_url, created_at, updated_at) VALUES ($1, $2, 'DST', 'dstcode', 'https://example.com/', '2026-10-01', now())`,
    [linkId, user.user.id],
  );
  const enricher = createEnricher({});
  const clicks = CLICKS.map(([at]) =>
    enricher.enrich({ id: randomUUID(), linkId, at, ip: '81.2.69.142', userAgent: BROWSER_UA, referer: '', host: 'localhost' }),
  );
  expect((await ingestClicks(api.dataSource, clicks)).inserted).toBe(CLICKS.length);
});

afterAll(async () => {
  await api?.close();
});

const get = (path: string) => api.call('GET', path, { session });
const expected = (date: string) => CLICKS.filter(([, d]) => d === date).length;

describe('days across the 2026-10-25 change in Europe/Berlin', () => {
  it('daily summary: each click on its local day; a 7-day range has 7 days', async () => {
    const res = await get(`/api/analytics/daily-summary?${ZONE}&startDate=2026-10-22&endDate=2026-10-28`);
    expect(res.status).toBe(200);
    expect(res.body.map((d: any) => d.date)).toEqual(WEEK_ACROSS_CHANGE);
    for (const d of res.body) expect([d.date, d.totalClicks]).toEqual([d.date, expected(d.date)]);
  });

  it('a 7-day range given as the browser sends it (local midnights as ISO instants) has 7 days', async () => {
    // Start of Oct 22 local (CEST) and end of Oct 28 local (CET).
    const res = await get(`/api/analytics/trends?${ZONE}&startDate=2026-10-21T22:00:00.000Z&endDate=2026-10-28T22:59:59.999Z`);
    expect(res.status).toBe(200);
    expect(res.body.map((d: any) => d.date)).toEqual(WEEK_ACROSS_CHANGE);
    const clicks = (date: string) => res.body.find((d: any) => d.date === date).linkData[0]?.clicks ?? 0;
    for (const date of ['2026-10-24', '2026-10-25', '2026-10-26']) expect([date, clicks(date)]).toEqual([date, expected(date)]);
  });

  it('link analytics, performance, geography and export agree on the 25th (2 clicks)', async () => {
    const day = `${ZONE}&startDate=2026-10-25&endDate=2026-10-25`;
    const link = await get(`/api/links/${linkId}/analytics?${day}`);
    expect(link.status).toBe(200);
    expect(link.body.clicksOverTime).toEqual([{ date: '2026-10-25', timestamp: '2026-10-24T22:00:00.000Z', clicks: 2 }]);
    expect(link.body.clicks).toHaveLength(2);
    const perf = await get(`/api/analytics/performance?${day}`);
    expect(perf.body[0].clicksInRange).toBe(2);
    const geo = await get(`/api/analytics/geographic?${day}`);
    expect(geo.body.countries.reduce((t: number, c: any) => t + c.clicks, 0)).toBe(2);
    const report = await get(`/api/export/json?${day}`);
    expect(report.status).toBe(200);
    const body = typeof report.body === 'string' ? JSON.parse(report.body) : report.body;
    expect(body).toMatchObject({ startDate: '2026-10-25', endDate: '2026-10-25', timeZone: 'Europe/Berlin', totals: { clicksInRange: 2 } });
  });

  it("on the 25-hour day itself, today's cards count its last hour (2 clicks today, 4 this week)", async () => {
    // 12:00 local on the 25th: the day ends at 23:00Z, not 24 hours after its 22:00Z start.
    const now = new Date('2026-10-25T11:00:00Z');
    const scope = { workspaceId: ownerId, everyWorkspace: false };
    const stats = await new GetStatsHandler(api.dataSource).execute(new GetStatsQuery(scope, 'Europe/Berlin', now));
    expect(stats).toMatchObject({ clicksToday: 2, clicksThisWeek: 4 });
    const range = resolveRange({ startDate: '2026-10-25', endDate: '2026-10-25' }, 'Europe/Berlin', 30, now);
    const [row] = await new GetPerformanceHandler(api.dataSource, api.config).execute(new GetPerformanceQuery(scope, range, now));
    expect([row.clicksInRange, row.clicksToday]).toEqual([2, 2]);
  });

  it('timezoneOffset alone still works (a fixed offset)', async () => {
    const res = await get(`/api/analytics/daily-summary?timezoneOffset=-120&startDate=2026-10-24&endDate=2026-10-25`);
    expect(res.status).toBe(200);
    expect(res.body.map((d: any) => d.totalClicks)).toEqual([1, 1]); // 22:30Z on the 25th is the 26th at UTC+2
  });

  it('an unknown zone name is a 400 naming timeZone; nothing else is read', async () => {
    for (const path of ['/api/analytics/daily-summary', '/api/analytics/stats', `/api/links/${linkId}/analytics`, '/api/export/csv', '/api/links']) {
      const res = await get(`${path}?timeZone=Mars%2FOlympus&timezoneOffset=-60`);
      expect([path, res.status]).toEqual([path, 400]);
      expect(res.body).toEqual({ statusCode: 400, message: expect.stringContaining('timeZone') });
    }
  });
});
