import { ingestClicks, type EnrichedClick } from '@app/clicks';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { approvedUser } from '../helpers/auth.js';
import { DAYS_ROLLED_UP_STAND_IN, DROP_DAYS_ROLLED_UP_STAND_IN, clicksEvery97Minutes, insertLinks } from './worker-helpers.js';

/**
 * Migration OwnerGeoMonthlyFromLinks: owner_geo_monthly is kept from link_geo_daily (owner_geo_daily, read by
 * nothing, is gone). The owner geography answers the same through down and up, and clicks ingested on either
 * side of the move are counted once.
 */
let api: TestApi;
let owner: { id: string; session: string };
const q = (sql: string, params: unknown[] = []) => api.dataSource.query(sql, params);
const MIGRATION = 'OwnerGeoMonthlyFromLinks1766300000000';

beforeAll(async () => {
  api = await startTestApi();
  const u = await approvedUser(api, 'geo-owner');
  owner = { id: u.user.id, session: u.sessionId };
});
afterAll(async () => {
  await api?.close();
});

/** The owner's clicks per country for 2025-02-25 .. 2025-03-06 in `offset`'s local days, from the clicks themselves. */
function expectedCountries(clicks: EnrichedClick[], offset: number): Map<string, number> {
  const from = Date.parse('2025-02-25T00:00:00Z') + offset * 60_000;
  const to = Date.parse('2025-03-07T00:00:00Z') + offset * 60_000;
  const m = new Map<string, number>();
  for (const c of clicks) {
    const at = Date.parse(c.at);
    if (c.countryCode && at >= from && at < to) m.set(c.countryCode, (m.get(c.countryCode) ?? 0) + 1);
  }
  return m;
}

async function answeredCountries(offset: number): Promise<Map<string, number>> {
  const res = await api.call('GET', `/api/analytics/geographic?timezoneOffset=${offset}&startDate=2025-02-25&endDate=2025-03-06`, {
    session: owner.session,
  });
  expect(res.status).toBe(200);
  return new Map(res.body.countries.map((c: { countryCode: string; clicks: number }) => [c.countryCode, Number(c.clicks)]));
}

const monthly = () => q(`SELECT owner_id, month::text, country_code, region, city, cum FROM owner_geo_monthly ORDER BY 1, 2, 3, 4, 5`);
const applied = async () => (await q('SELECT name FROM migrations')).map((r: { name: string }) => r.name);

describe('migration OwnerGeoMonthlyFromLinks', () => {
  it('keeps the owner geography exact through down and up, with clicks ingested on both schemas', async () => {
    const links = await insertLinks(api.dataSource, 3, owner.id);
    const first = clicksEvery97Minutes(links, 120, '2025-02-25T05:00:00Z');
    expect((await ingestClicks(api.dataSource, first)).inserted).toBe(120);
    expect((await q(`SELECT to_regclass('owner_geo_daily') AS t`))[0].t).toBeNull();
    const before = await monthly();
    expect(before.length).toBeGreaterThan(1);
    expect([...expectedCountries(first, 0).values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(100);
    for (const offset of [0, -330, 480]) expect(await answeredCountries(offset)).toEqual(expectedCountries(first, offset));

    // Down: owner_geo_daily is rebuilt as the per-owner sum of link_geo_daily; owner_geo_monthly is untouched.
    while ((await applied()).includes(MIGRATION)) await api.dataSource.undoLastMigration({ transaction: 'each' });
    const perOwner = `SELECT owner_id, day::text, country_code, region, city, sum(clicks)::bigint AS clicks FROM link_geo_daily
      GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`;
    expect(await q(`SELECT owner_id, day::text, country_code, region, city, clicks FROM owner_geo_daily ORDER BY 1, 2, 3, 4, 5`)).toEqual(
      await q(perOwner),
    );
    expect(await monthly()).toEqual(before);

    // Clicks ingested on the old schema (through owner_geo_daily's triggers), then up again.
    const second = clicksEvery97Minutes(links, 60, '2025-03-02T01:00:00Z');
    await q(DAYS_ROLLED_UP_STAND_IN);
    expect((await ingestClicks(api.dataSource, second)).inserted).toBe(60);
    await q(DROP_DAYS_ROLLED_UP_STAND_IN);
    await api.dataSource.runMigrations({ transaction: 'each' });
    expect(await applied()).toContain(MIGRATION);
    expect((await q(`SELECT to_regclass('owner_geo_daily') AS t`))[0].t).toBeNull();

    // And clicks after the move (a day already counted on the old schema, and a new one).
    const third = clicksEvery97Minutes(links, 40, '2025-03-03T02:00:00Z');
    expect((await ingestClicks(api.dataSource, third)).inserted).toBe(40);
    const all = [...first, ...second, ...third];
    for (const offset of [0, -330, 480]) expect(await answeredCountries(offset)).toEqual(expectedCountries(all, offset));
    // Every cum array: 31 days, each the owner's clicks from the place through that day of the month.
    const [{ wrong }] = await q(`SELECT count(*)::int AS wrong FROM owner_geo_monthly m CROSS JOIN generate_series(1, 31) AS d(dom)
      WHERE array_length(m.cum, 1) <> 31 OR m.cum[d.dom] <> (SELECT coalesce(sum(g.clicks), 0) FROM link_geo_daily g
        WHERE (g.owner_id, g.country_code, g.region, g.city) = (m.owner_id, m.country_code, m.region, m.city)
          AND g.day >= m.month AND g.day < least(m.month + d.dom, (m.month + interval '1 month')::date))`);
    expect(wrong).toBe(0);
  });
});
