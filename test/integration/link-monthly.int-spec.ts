import { ingestClicks, type EnrichedClick } from '@app/clicks';
import { DIRECT_REFERRER } from '@app/contracts';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { approvedUser } from '../helpers/auth.js';
import { clicksEvery97Minutes, insertLinks, LINK_DIMS_MISMATCHES_SQL, monthlyGeoMismatchesSql } from './worker-helpers.js';

/**
 * Migrations LinkGeoMonthly and LinkDimsMonthly: reads under a link filter take whole closed days from a link's
 * months (link_geo_monthly per place, link_dims_monthly per value of each click dimension; cumulative by day of the
 * month), kept from the per-day tables by triggers and back-filled by the migration. The geography and every
 * dimension's breakdown under a tag stay exact through down and up, with clicks ingested on either schema.
 */
let api: TestApi;
let owner: { id: string; session: string };
const q = (sql: string, params: unknown[] = []) => api.dataSource.query(sql, params);
const TAG = 'launch';
const FROM = '2025-02-25';
const TO = '2025-03-07'; // exclusive: the range ends 2025-03-06

beforeAll(async () => {
  api = await startTestApi();
  const u = await approvedUser(api, 'link-monthly-owner');
  owner = { id: u.user.id, session: u.sessionId };
});
afterAll(async () => {
  await api?.close();
});

/** What each answer is keyed by, from a click (the breakdown's value, the geography's "city, country"). */
const KEYS: Record<string, (c: EnrichedClick) => string | null> = {
  cities: (c) => (c.city ? `${c.city}, ${c.country}` : null),
  country: (c) => c.countryCode ?? '',
  device: (c) => c.device ?? '',
  browser: (c) => c.browser ?? '',
  os: (c) => c.os ?? '',
  referrer: (c) => c.referrer ?? DIRECT_REFERRER,
  language: (c) => c.language ?? '',
};

/** The tagged links' clicks per key in [FROM, TO) of `offset`'s local days, from the clicks themselves. */
function expected(clicks: EnrichedClick[], tagged: Set<string>, offset: number, key: (c: EnrichedClick) => string | null): Record<string, number> {
  const from = Date.parse(`${FROM}T00:00:00Z`) + offset * 60_000;
  const to = Date.parse(`${TO}T00:00:00Z`) + offset * 60_000;
  const out: Record<string, number> = {};
  for (const c of clicks) {
    const at = Date.parse(c.at);
    const k = key(c);
    if (k !== null && tagged.has(c.linkId) && at >= from && at < to) out[k] = (out[k] ?? 0) + 1;
  }
  return out;
}

/** The api's answer per key: the geography's cities, or the breakdown of `name`, under the tag. */
async function answered(name: string, offset: number): Promise<Record<string, number>> {
  const range = `timezoneOffset=${offset}&startDate=${FROM}&endDate=2025-03-06&tag=${TAG}`;
  const path = name === 'cities' ? `/api/analytics/geographic?${range}` : `/api/analytics/breakdown?dimension=${name}&${range}`;
  const res = await api.call('GET', path, { session: owner.session });
  expect(res.status).toBe(200);
  if (name === 'cities') {
    return Object.fromEntries(
      res.body.cities.map((c: { city: string; country: string; clicks: number }) => [`${c.city}, ${c.country}`, Number(c.clicks)]),
    );
  }
  return Object.fromEntries(res.body.items.map((i: { value: string; clicks: number }) => [i.value, i.clicks]));
}

async function expectExact(clicks: EnrichedClick[], tagged: Set<string>): Promise<void> {
  for (const offset of [0, -330, 480]) {
    for (const [name, key] of Object.entries(KEYS))
      expect([name, offset, await answered(name, offset)]).toEqual([name, offset, expected(clicks, tagged, offset, key)]);
  }
}

const applied = async () => (await q('SELECT name FROM migrations')).map((r: { name: string }) => r.name);

describe.each([
  { migration: 'LinkGeoMonthly1767063700000', table: 'link_geo_monthly', mismatchesSql: monthlyGeoMismatchesSql('link_geo_monthly', 'link_id') },
  { migration: 'LinkDimsMonthly1767063800000', table: 'link_dims_monthly', mismatchesSql: LINK_DIMS_MISMATCHES_SQL },
])('migration $migration', ({ migration, table, mismatchesSql }) => {
  const mismatches = async () => (await q(mismatchesSql))[0].n;

  it('keeps the geography and each breakdown under a tag exact through down and up, with clicks ingested on both schemas', async () => {
    await q(`UPDATE links SET tags = '{}' WHERE owner_id = $1`, [owner.id]);
    const links = await insertLinks(api.dataSource, 3, owner.id);
    const tagged = new Set([links[0].id, links[2].id]);
    await q(`UPDATE links SET tags = ARRAY[$1] WHERE id = ANY($2::uuid[])`, [TAG, [...tagged]]);
    const first = clicksEvery97Minutes(links, 150, '2025-02-25T05:00:00Z');
    expect((await ingestClicks(api.dataSource, first)).inserted).toBe(150);
    const months = await q(`SELECT DISTINCT link_id, month::text FROM ${table} WHERE link_id = ANY($1::uuid[]) ORDER BY 2`, [links.map((l) => l.id)]);
    expect(months.map((r: { month: string }) => r.month)).toEqual([
      '2025-02-01',
      '2025-02-01',
      '2025-02-01',
      '2025-03-01',
      '2025-03-01',
      '2025-03-01',
    ]);
    expect(await mismatches()).toBe(0);
    expect(Object.keys(expected(first, tagged, 0, KEYS.language)).sort()).toEqual(['', 'de', 'en', 'fr']);
    await expectExact(first, tagged);

    // Down: the table and its triggers go; clicks ingested then reach the per-day tables alone.
    while ((await applied()).includes(migration)) await api.dataSource.undoLastMigration({ transaction: 'each' });
    expect((await q(`SELECT to_regclass('${table}') AS t`))[0].t).toBeNull();
    const second = clicksEvery97Minutes(links, 60, '2025-03-02T01:00:00Z');
    expect((await ingestClicks(api.dataSource, second)).inserted).toBe(60);

    // Up: back-filled from the per-day tables; then clicks after it (a day already counted, and a new one).
    await api.dataSource.runMigrations({ transaction: 'each' });
    expect(await applied()).toContain(migration);
    expect(await mismatches()).toBe(0);
    const third = clicksEvery97Minutes(links, 40, '2025-03-03T02:00:00Z');
    expect((await ingestClicks(api.dataSource, third)).inserted).toBe(40);
    expect(await mismatches()).toBe(0);
    await expectExact([...first, ...second, ...third], tagged);
  });
});
