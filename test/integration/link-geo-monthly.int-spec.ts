import { ingestClicks, type EnrichedClick } from '@app/clicks';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { approvedUser } from '../helpers/auth.js';
import { clicksEvery97Minutes, insertLinks, monthlyGeoMismatchesSql } from './worker-helpers.js';

/**
 * Migration LinkGeoMonthly: the geography under a link filter reads whole closed days from link_geo_monthly (per
 * link, month and place, cumulative by day of the month), kept from link_geo_daily by triggers and back-filled by the
 * migration. The figures stay exact through down and up, with clicks ingested on either schema.
 */
let api: TestApi;
let owner: { id: string; session: string };
const q = (sql: string, params: unknown[] = []) => api.dataSource.query(sql, params);
const MIGRATION = 'LinkGeoMonthly1767063700000';
const TAG = 'launch';

beforeAll(async () => {
  api = await startTestApi();
  const u = await approvedUser(api, 'link-geo-owner');
  owner = { id: u.user.id, session: u.sessionId };
});
afterAll(async () => {
  await api?.close();
});

/** The tagged links' clicks per city for 2025-02-25 .. 2025-03-06 in `offset`'s local days, from the clicks themselves. */
function expectedCities(clicks: EnrichedClick[], tagged: Set<string>, offset: number): Record<string, number> {
  const from = Date.parse('2025-02-25T00:00:00Z') + offset * 60_000;
  const to = Date.parse('2025-03-07T00:00:00Z') + offset * 60_000;
  const out: Record<string, number> = {};
  for (const c of clicks) {
    const at = Date.parse(c.at);
    if (c.city && tagged.has(c.linkId) && at >= from && at < to) out[`${c.city}, ${c.country}`] = (out[`${c.city}, ${c.country}`] ?? 0) + 1;
  }
  return out;
}

async function answeredCities(offset: number): Promise<Record<string, number>> {
  const res = await api.call('GET', `/api/analytics/geographic?timezoneOffset=${offset}&startDate=2025-02-25&endDate=2025-03-06&tag=${TAG}`, {
    session: owner.session,
  });
  expect(res.status).toBe(200);
  return Object.fromEntries(
    res.body.cities.map((c: { city: string; country: string; clicks: number }) => [`${c.city}, ${c.country}`, Number(c.clicks)]),
  );
}

const mismatches = async () => (await q(monthlyGeoMismatchesSql('link_geo_monthly', 'link_id')))[0].n;
const applied = async () => (await q('SELECT name FROM migrations')).map((r: { name: string }) => r.name);

describe('migration LinkGeoMonthly', () => {
  it('keeps the geography under a tag exact through down and up, with clicks ingested on both schemas', async () => {
    const links = await insertLinks(api.dataSource, 3, owner.id);
    const tagged = new Set([links[0].id, links[2].id]);
    await q(`UPDATE links SET tags = ARRAY[$1] WHERE id = ANY($2::uuid[])`, [TAG, [...tagged]]);
    const first = clicksEvery97Minutes(links, 150, '2025-02-25T05:00:00Z');
    expect((await ingestClicks(api.dataSource, first)).inserted).toBe(150);
    const rows = await q(`SELECT link_id, month::text, count(*)::int AS places FROM link_geo_monthly GROUP BY 1, 2 ORDER BY 1, 2`);
    expect(rows.map((r: { month: string }) => r.month).sort()).toEqual([
      '2025-02-01',
      '2025-02-01',
      '2025-02-01',
      '2025-03-01',
      '2025-03-01',
      '2025-03-01',
    ]);
    expect(await mismatches()).toBe(0);
    const want = expectedCities(first, tagged, 0);
    expect(Object.values(want).reduce((a, b) => a + b, 0)).toBeGreaterThan(60);
    for (const offset of [0, -330, 480]) expect(await answeredCities(offset)).toEqual(expectedCities(first, tagged, offset));

    // Down: the table and its triggers go; clicks ingested then reach link_geo_daily alone.
    while ((await applied()).includes(MIGRATION)) await api.dataSource.undoLastMigration({ transaction: 'each' });
    expect((await q(`SELECT to_regclass('link_geo_monthly') AS t`))[0].t).toBeNull();
    const second = clicksEvery97Minutes(links, 60, '2025-03-02T01:00:00Z');
    expect((await ingestClicks(api.dataSource, second)).inserted).toBe(60);

    // Up: back-filled from link_geo_daily; then clicks after it (a day already counted, and a new one).
    await api.dataSource.runMigrations({ transaction: 'each' });
    expect(await applied()).toContain(MIGRATION);
    expect(await mismatches()).toBe(0);
    const third = clicksEvery97Minutes(links, 40, '2025-03-03T02:00:00Z');
    expect((await ingestClicks(api.dataSource, third)).inserted).toBe(40);
    expect(await mismatches()).toBe(0);
    const all = [...first, ...second, ...third];
    for (const offset of [0, -330, 480]) expect(await answeredCities(offset)).toEqual(expectedCities(all, tagged, offset));
  });
});
