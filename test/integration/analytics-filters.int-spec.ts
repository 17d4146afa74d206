import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { createEnricher, deleteClickData, ingestClicks, rollUpClosedDays, type EnrichedClick } from '@app/clicks';
import { OwnerDimensions1767048000000 } from '../../libs/database/src/migrations/1767048000000-owner-dimensions.js';
import { LinkLanguages1767049000000 } from '../../libs/database/src/migrations/1767049000000-link-languages.js';
import { OwnerPairs1767063000000 } from '../../libs/database/src/migrations/1767063000000-owner-pairs.js';
import { OwnerPairsOpenDays1767063100000 } from '../../libs/database/src/migrations/1767063100000-owner-pairs-open-days.js';
import { LinkClickBits1767063200000 } from '../../libs/database/src/migrations/1767063200000-link-click-bits.js';
import { LinkClickCounts1767063600000 } from '../../libs/database/src/migrations/1767063600000-link-click-counts.js';
import { OwnerPlacePairs1767063500000 } from '../../libs/database/src/migrations/1767063500000-owner-place-pairs.js';
import { LinkClickMonths1767063900000 } from '../../libs/database/src/migrations/1767063900000-link-click-months.js';
import { BREAKDOWN_DIMENSIONS, CLICK_FILTER_NAMES, QR_REFERRER, type BreakdownDimension, type ClickFilters } from '@app/contracts';
import { addDays, eachDate, localDateString, startOfLocalDay, startOfLocalWeek, type Zone } from '@app/time';
import { SqlParams, filteredRangeSql } from '@app/analytics';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { signedInUsers, type SignedIn } from '../helpers/auth.js';
import { LINK_MONTHS_MISMATCHES_SQL } from './worker-helpers.js';

/**
 * Every filtered figure (docs/architecture.md, "Analytics filters") against a count over the raw clicks we
 * ingested: each filter alone, combinations, each breakdown dimension, compare=previous, and randomised filter sets
 * and ranges (fast-check) over rollup-served and raw-served reads alike.
 */
const IPS = ['8.8.8.8', '81.2.69.142', '2.125.160.216', '89.160.20.112', '216.160.83.56', '175.16.199.5', '1.1.1.1'];
const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
];
const REFERERS = ['', 'https://www.google.com/search?q=x', 'https://t.co/abc', 'https://news.ycombinator.com/'];
const LANGUAGES = ['en-US,en;q=0.9', 'de-DE,de;q=0.8', 'fr', undefined];
const DAY = 86_400_000;

let api: TestApi;
let alice: SignedIn;
let bob: SignedIn;
type Link = { id: string; owner: string; name: string; tags: string[]; utm: Record<string, string> };
const links: Record<string, Link> = {};
const stored: (EnrichedClick & { owner: string })[] = [];

async function addLink(key: string, owner: string, name: string, tags: string[], utm: Record<string, string>) {
  const id = randomUUID();
  await api.dataSource.query(
    `INSERT INTO links (id, owner_id, name, short_code, original_url, created_at, updated_at, tags, controls)
     VALUES ($1, $2, $3, $4, $5, now() - interval '60 days', now(), $6, $7)`,
    [id, owner, name, `code-${key}`, `https://example.com/${key}`, tags, Object.keys(utm).length ? { utm } : null],
  );
  links[key] = { id, owner, name, tags, utm };
}

function rng(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
}

async function ingest(key: string, instants: Date[], pick: () => number) {
  const enricher = createEnricher({});
  const of = <T>(list: T[]) => list[Math.floor(pick() * list.length)];
  const clicks = instants.map((at) =>
    enricher.enrich({
      id: randomUUID(),
      linkId: links[key].id,
      at: at.toISOString(),
      ip: of(IPS),
      userAgent: of(AGENTS),
      referer: of(REFERERS),
      host: 'localhost:8080',
      acceptLanguage: of(LANGUAGES),
      ...(pick() < 0.15 ? { qr: true as const } : {}),
    }),
  );
  expect((await ingestClicks(api.dataSource, clicks)).inserted).toBe(clicks.length);
  stored.push(...clicks.map((c) => ({ ...c, owner: links[key].owner })));
}

// ---- the oracle: the raw clicks we stored, counted in JavaScript ----

const linkOf = (id: string) => Object.values(links).find((l) => l.id === id)!;
/** A click's value for a filter or breakdown dimension, '' when unknown (direct for the referrer). */
function valueOf(c: EnrichedClick, name: string): string[] {
  const link = linkOf(c.linkId);
  switch (name) {
    case 'country':
      return [c.countryCode ?? ''];
    case 'referrer':
      return [c.referrer ?? 'direct'];
    case 'qr':
      return [String(c.referrer === QR_REFERRER)];
    case 'tag':
      return link.tags;
    case 'linkId':
    case 'link':
      return [link.id];
    case 'utmSource':
      return [link.utm.source ?? ''];
    case 'utmMedium':
      return [link.utm.medium ?? ''];
    case 'utmCampaign':
      return [link.utm.campaign ?? ''];
    default:
      return [(c as unknown as Record<string, string | null>)[name] ?? ''];
  }
}
const matches = (c: EnrichedClick & { owner: string }, owner: string, f: ClickFilters) =>
  !c.isBot && c.owner === owner && Object.entries(f).every(([name, v]) => valueOf(c, name).includes(v!));
const oracle = (owner: string, f: ClickFilters, zone: Zone, start: string, end: string) =>
  stored.filter((c) => matches(c, owner, f) && localDateString(new Date(c.at), zone) >= start && localDateString(new Date(c.at), zone) <= end);
const countBy = (clicks: EnrichedClick[], key: (c: EnrichedClick) => string[]) => {
  const m = new Map<string, number>();
  for (const c of clicks) for (const k of key(c)) m.set(k, (m.get(k) ?? 0) + 1);
  return m;
};

// ---- the api ----

const zoneParams = (zone: Zone): Record<string, string> => (typeof zone === 'string' ? { timeZone: zone } : { timezoneOffset: String(zone) });
async function get(path: string, params: Record<string, string>, session = alice.session) {
  const res = await api.call('GET', `${path}?${new URLSearchParams(params)}`, { session });
  if (res.status !== 200) throw new Error(`${path} ${JSON.stringify(params)}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Checks every filtered call of the account for one filter set, zone and range against the oracle. */
async function expectExact(f: ClickFilters, zone: Zone, start: string, end: string, dimension: BreakdownDimension) {
  const params = { ...zoneParams(zone), startDate: start, endDate: end, ...f };
  const want = oracle(alice.id, f, zone, start, end);
  const label = JSON.stringify({ f, zone, start, end, dimension });

  const daily: { date: string; totalClicks: number }[] = await get('/api/analytics/daily-summary', params);
  const perDay = countBy(want, (c) => [localDateString(new Date(c.at), zone)]);
  expect([label, daily.map((d) => [d.date, d.totalClicks])]).toEqual([label, eachDate(start, end).map((d) => [d, perDay.get(d) ?? 0])]);

  const geo = await get('/api/analytics/geographic', params);
  const countries = countBy(
    want.filter((c) => c.countryCode),
    (c) => [c.countryCode!],
  );
  expect([label, Object.fromEntries(geo.countries.map((x: { countryCode: string; clicks: number }) => [x.countryCode, x.clicks]))]).toEqual([
    label,
    Object.fromEntries(countries),
  ]);
  // The places finer than the country, named with it (a region or city of that name may lie in another country).
  for (const level of ['city', 'region'] as const) {
    const listed = (geo[level === 'city' ? 'cities' : 'regions'] as { country: string; clicks: number }[]).map((x) => [
      `${x.country}/${(x as unknown as Record<string, string>)[level]}`,
      x.clicks,
    ]);
    const counted = countBy(
      want.filter((c) => c.countryCode && c[level]),
      (c) => [`${c.country}/${c[level]}`],
    );
    expect([label, level, Object.fromEntries(listed)]).toEqual([label, level, Object.fromEntries(counted)]);
  }

  const breakdown = await get('/api/analytics/breakdown', { ...params, dimension });
  const values = countBy(want, (c) => valueOf(c, dimension));
  const items = [...values].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).slice(0, 50);
  expect([label, breakdown.total, breakdown.items.map((i: { value: string; clicks: number }) => [i.value, i.clicks])]).toEqual([
    label,
    [...values.values()].reduce((s, n) => s + n, 0),
    items,
  ]);

  const performance: { id: string; clicksInRange: number; clickCount: number }[] = await get('/api/analytics/performance', params);
  const inRange = countBy(want, (c) => [c.linkId]);
  const allTime = countBy(
    stored.filter((c) => matches(c, alice.id, f)),
    (c) => [c.linkId],
  );
  const aliceLinks = Object.values(links).filter(
    (l) => l.owner === alice.id && Object.entries(f).every(([n, v]) => !isLinkFilter(n) || linkValue(l, n).includes(v!)),
  );
  expect([label, Object.fromEntries(performance.map((r) => [r.id, [r.clicksInRange, r.clickCount]]))]).toEqual([
    label,
    Object.fromEntries(aliceLinks.map((l) => [l.id, [inRange.get(l.id) ?? 0, allTime.get(l.id) ?? 0]])),
  ]);
  return want;
}

/** A link's languages as Link Analytics lists them: largest first, then by name; '' is Unknown. */
const languagesOf = (clicks: EnrichedClick[]) =>
  [...countBy(clicks, (c) => [c.language ?? ''])]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([v, n]) => ({ name: v || 'Unknown', count: n }));

/** A link's values of a technology column as Link Analytics lists them: largest first, then by value ('' named `unknown`). */
const technologyOf = (clicks: EnrichedClick[], column: string, unknown: string) =>
  [...countBy(clicks, (c) => [column === 'referrer' ? (c.referrer ?? '') : valueOf(c, column)[0]])]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([v, n]) => ({ name: v || unknown, count: n }));

/**
 * One link's analytics, unfiltered (the link rollups) and under `f` (its bitmaps or its raw clicks), against the
 * oracle: total, languages and the four technology breakdowns.
 */
async function expectLinkExact(key: string, f: ClickFilters, zone: Zone, start: string, end: string) {
  for (const given of [{}, f]) {
    const label = JSON.stringify({ key, given, zone, start, end });
    const la = await get(`/api/links/${links[key].id}/analytics`, { ...zoneParams(zone), startDate: start, endDate: end, ...given });
    const want = oracle(alice.id, { ...given, linkId: links[key].id }, zone, start, end);
    expect([label, la.totalClicks, la.clicksByLanguage]).toEqual([label, want.length, languagesOf(want)]);
    expect([label, la.clicksByBrowser, la.clicksByOs, la.clicksByDevice, la.clicksByReferrer]).toEqual([
      label,
      technologyOf(want, 'browser', 'Unknown'),
      technologyOf(want, 'os', 'Unknown'),
      technologyOf(want, 'device', 'Unknown'),
      technologyOf(want, 'referrer', 'Direct'),
    ]);
  }
}

const isLinkFilter = (name: string) => ['tag', 'linkId', 'utmSource', 'utmMedium', 'utmCampaign'].includes(name);
const linkValue = (l: Link, name: string) =>
  name === 'tag' ? l.tags : name === 'linkId' ? [l.id] : [l.utm[{ utmSource: 'source', utmMedium: 'medium', utmCampaign: 'campaign' }[name]!] ?? ''];

const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  api = await startTestApi();
  ({ alice, bob } = await signedInUsers(api, 'alice', 'bob'));
  await addLink('a1', alice.id, 'Spring sale', ['spring', 'promo'], { source: 'newsletter', medium: 'email', campaign: 'spring' });
  await addLink('a2', alice.id, 'Docs', ['docs'], { source: 'twitter', medium: 'social' });
  await addLink('a3', alice.id, 'Plain', [], {});
  await addLink('b1', bob.id, 'Bob', ['spring'], { source: 'newsletter' });
  const pick = rng(33);
  const now = Date.now();
  // Forty days back to a minute ago: closed days reach the per-day rollups below, today stays in 15-minute rows.
  const spread = (n: number) => Array.from({ length: n }, () => new Date(now - 60_000 - Math.floor(pick() * 40 * DAY)));
  await ingest('a1', spread(220), pick);
  await ingest('a2', spread(160), pick);
  await ingest('a3', spread(60), pick);
  await ingest('b1', spread(120), pick);
  await ingest('a2', [new Date(now - 120_000), new Date(startOfLocalDay(new Date(now), 0).getTime() + 1000)], pick);
  // Today (an open day, numbered in arrival order) in batches whose times interleave: the bitmaps of its quarters
  // must cut it where a local day or a range ends.
  const midnight = startOfLocalDay(new Date(now), 0).getTime();
  const sinceMidnight = (n: number) => Array.from({ length: n }, () => new Date(midnight + Math.floor(pick() * (now - 60_000 - midnight))));
  for (const key of ['a1', 'a3', 'a1', 'b1', 'a3']) await ingest(key, sinceMidnight(25), pick);
  await rollUpClosedDays(api.dataSource);
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe('analytics filters', () => {
  const start = addDays(today(), -29);
  const end = today();
  const some = (name: string) => {
    const values = countBy(
      stored.filter((c) => c.owner === alice.id && !c.isBot),
      (c) => valueOf(c, name),
    );
    return [...values].filter(([v]) => v !== '').sort((a, b) => b[1] - a[1])[0][0];
  };

  it.each(CLICK_FILTER_NAMES)('narrows every call to the clicks of one %s', async (name) => {
    const value = name === 'qr' ? 'true' : name === 'device' ? 'mobile' : some(name);
    const want = await expectExact({ [name]: value }, -330, start, end, 'country');
    expect(want.length).toBeGreaterThan(0);
    expect(want.length).toBeLessThan(oracle(alice.id, {}, -330, start, end).length);
  });

  it('takes direct for clicks without a referrer, qr=false for every click but scans', async () => {
    expect((await expectExact({ referrer: 'direct' }, 0, start, end, 'referrer')).length).toBeGreaterThan(0);
    await expectExact({ qr: 'false' }, 0, start, end, 'referrer');
  });

  it.each(BREAKDOWN_DIMENSIONS)('breaks the clicks down by %s, unfiltered and filtered', async (dimension) => {
    await expectExact({}, 480, start, end, dimension);
    await expectExact({ device: 'desktop', language: 'en' }, 480, start, end, dimension);
  });

  it('combines filters with AND, across places, technology, language and links', async () => {
    const combos: ClickFilters[] = [
      { country: some('country'), device: 'mobile' },
      { country: some('country'), city: some('city') },
      { browser: some('browser'), referrer: 'direct', tag: 'spring' },
      { language: 'de', utmSource: 'newsletter' },
      { country: some('country'), os: some('os'), language: 'en', linkId: links.a2.id },
    ];
    for (const f of combos) await expectExact(f, 'Europe/Berlin', start, end, 'language');
  });

  it('never counts another account’s clicks: bob’s spring link stays out of alice’s tag filter', async () => {
    const want = await expectExact({ tag: 'spring' }, 0, start, end, 'link');
    expect(new Set(want.map((c) => c.linkId))).toEqual(new Set([links.a1.id]));
    const bobs = await get('/api/analytics/breakdown', { dimension: 'link', tag: 'spring', startDate: start, endDate: end }, bob.session);
    expect(bobs.items.map((i: { value: string }) => i.value)).toEqual([links.b1.id]);
  });

  it('matches a count over the raw clicks for random filters, ranges and zones', async () => {
    const filterValue = (name: string) => {
      const seen = [...countBy(stored, (c) => valueOf(c, name)).keys()].filter((v) => v !== '');
      return fc.constantFrom(...(name === 'qr' ? ['true', 'false'] : name === 'device' ? ['desktop', 'mobile', 'tablet'] : [...seen, 'zz-none']));
    };
    const names = ['country', 'city', 'device', 'browser', 'os', 'referrer', 'language', 'qr', 'tag', 'linkId', 'utmSource'] as const;
    const filters = fc
      .subarray([...names], { maxLength: 3 })
      .chain((chosen) =>
        fc.record(Object.fromEntries(chosen.map((n) => [n, filterValue(n).map((v) => (n === 'country' && v === 'zz-none' ? 'ZZ' : v))]))),
      );
    const range = fc.tuple(fc.integer({ min: 0, max: 39 }), fc.integer({ min: 0, max: 39 })).map(([a, b]) => {
      const [lo, hi] = a < b ? [a, b] : [b, a];
      return [addDays(today(), -hi), addDays(today(), -lo)] as const;
    });
    await fc.assert(
      fc.asyncProperty(
        filters,
        range,
        fc.constantFrom<Zone>(0, -330, 480, 'America/New_York'),
        fc.constantFrom(...BREAKDOWN_DIMENSIONS),
        fc.constantFrom('a1', 'a2', 'a3'),
        async (f, [s, e], zone, dimension, link) => {
          await expectExact(f as ClickFilters, zone, s, e, dimension);
          await expectLinkExact(link, f as ClickFilters, zone, s, e);
        },
      ),
      { numRuns: 40, seed: 33 },
    );
  }, 120_000);

  it('reads one link’s places under another click filter from clicks_link_time alone (no row of the table)', async () => {
    // What only the raw clicks answer (decision 0008) must stay an index-only scan: every column the read looks at
    // is in the index (migration ClicksLinkTimeCovering). The planner is told not to scan the tables or bitmaps, so
    // a column left out shows as an Index Scan here.
    const p = new SqlParams();
    const range = { from: startOfLocalDay(new Date(Date.now() - 40 * DAY), 0), to: new Date(Date.now() + DAY) };
    const filters: ClickFilters = { linkId: links.a1.id, referrer: 'direct', language: 'en' };
    const sql = filteredRangeSql(range, p, 'country_code, country, region, city', { workspaceId: alice.id, everyWorkspace: false }, filters);
    // As autovacuum leaves an insert-only table: its pages marked all-visible, so no heap fetch is needed.
    await api.dataSource.query(`VACUUM (ANALYZE) clicks`);
    const scans = await api.dataSource.transaction(async (m) => {
      await m.query(`SET LOCAL enable_seqscan = off`);
      await m.query(`SET LOCAL enable_bitmapscan = off`);
      const [
        {
          'QUERY PLAN': [plan],
        },
      ] = await m.query(`EXPLAIN (FORMAT JSON) ${sql}`, p.values);
      const found: { node: string; index: string }[] = [];
      const walk = (n: { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: unknown[] }) => {
        if (n['Relation Name']?.startsWith('clicks')) found.push({ node: n['Node Type'], index: n['Index Name'] ?? '' });
        (n.Plans ?? []).forEach((c) => walk(c as typeof n));
      };
      walk(plan.Plan);
      return found;
    });
    const [{ parents }] = await api.dataSource.query<{ parents: string[] }[]>(
      `SELECT array_agg(DISTINCT inhparent::regclass::text) AS parents FROM pg_inherits WHERE inhrelid::regclass::text = ANY($1)`,
      [scans.map((s) => s.index)],
    );
    expect(scans.length).toBeGreaterThan(0);
    expect(new Set(scans.map((s) => s.node))).toEqual(new Set(['Index Only Scan']));
    expect(parents).toEqual(['clicks_link_time']);
  });

  it('gives the stat cards of the matching clicks, and the period before with compare=previous', async () => {
    const zone = -330;
    const now = new Date();
    const f: ClickFilters = { device: 'desktop' };
    const stats = await get('/api/analytics/stats', { ...zoneParams(zone), ...f, compare: 'previous' });
    const mine = stored.filter((c) => matches(c, alice.id, f));
    const at = (c: EnrichedClick) => Date.parse(c.at);
    const todayStart = startOfLocalDay(now, zone).getTime();
    const weekStart = startOfLocalWeek(now, zone).getTime();
    const between = (a: number, b: number) => mine.filter((c) => at(c) >= a && at(c) < b).length;
    expect(stats).toEqual({
      clicksToday: between(todayStart, todayStart + DAY),
      clicksThisWeek: between(weekStart, todayStart + DAY),
      totalClicks: mine.length,
      totalLinks: 3,
      previous: { clicksToday: between(todayStart - DAY, todayStart), clicksThisWeek: between(weekStart - 7 * DAY, todayStart + DAY - 7 * DAY) },
    });
    expect(await get('/api/analytics/stats', { ...zoneParams(zone), tag: 'docs' })).toMatchObject({ totalLinks: 1 });
  });

  it('adds the same figures for the period just before on trends and link analytics', async () => {
    const zone = 0;
    const s = addDays(today(), -6);
    const before = [addDays(s, -7), addDays(s, -1)] as const;
    const f: ClickFilters = { country: some('country') };
    const trends: {
      date: string;
      linkData: { linkId: string; clicks: number }[];
      previous: { date: string; linkData: { linkId: string; clicks: number }[] };
    }[] = await get('/api/analytics/trends', { ...zoneParams(zone), startDate: s, endDate: today(), ...f, compare: 'previous' });
    expect(trends.map((t) => t.previous.date)).toEqual(eachDate(...before));
    for (const point of trends) {
      for (const [when, data] of [
        [point.date, point.linkData],
        [point.previous.date, point.previous.linkData],
      ] as const) {
        for (const l of data) expect([when, l.clicks]).toEqual([when, oracle(alice.id, { ...f, linkId: l.linkId }, zone, when, when).length]);
      }
    }
    const la = await get(`/api/links/${links.a1.id}/analytics`, { ...zoneParams(zone), startDate: s, endDate: today(), ...f, compare: 'previous' });
    expect(la.totalClicks).toBe(oracle(alice.id, { ...f, linkId: links.a1.id }, zone, s, today()).length);
    expect(la.previous).toMatchObject({
      startDate: before[0],
      endDate: before[1],
      totalClicks: oracle(alice.id, { ...f, linkId: links.a1.id }, zone, ...before).length,
    });
    expect(la.clicksByCountry.map((c: { countryCode: string }) => c.countryCode)).toEqual([f.country]);
    expect(la.clicks.every((c: { countryCode: string }) => c.countryCode === f.country)).toBe(true);
  });

  it('filters a link’s analytics by any dimension and its raw clicks export alike', async () => {
    const f: ClickFilters = { language: 'fr', device: 'mobile' };
    const want = oracle(alice.id, { ...f, linkId: links.a2.id }, 0, start, end);
    const la = await get(`/api/links/${links.a2.id}/analytics`, { timezoneOffset: '0', startDate: start, endDate: end, ...f });
    expect(la.totalClicks).toBe(want.length);
    expect(la.clicksByDevice).toEqual(want.length ? [{ name: 'mobile', count: want.length }] : []);
    const exported = await get(`/api/links/${links.a2.id}/clicks`, { format: 'json', timezoneOffset: '0', startDate: start, endDate: end, ...f });
    expect(exported.map((c: { id: string }) => c.id).sort()).toEqual(want.map((c) => c.id).sort());
    expect(exported.map((c: { language: string }) => c.language)).toEqual(want.map(() => 'fr'));
  });

  it('lists a link’s languages and UTM, over a range or every day since its creation (period=all)', async () => {
    // Older than the longest range a date pair may span: "all time" still counts every click.
    await api.dataSource.query(`UPDATE links SET created_at = now() - interval '400 days' WHERE id = $1`, [links.a1.id]);
    const [{ created }] = await api.dataSource.query(
      `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS created FROM links WHERE id = $1`,
      [links.a1.id],
    );
    const languages = languagesOf;
    for (const f of [{}, { language: 'de' }, { device: 'desktop', country: some('country') }] as ClickFilters[]) {
      const all = await get(`/api/links/${links.a1.id}/analytics`, { timezoneOffset: '0', period: 'all', ...f });
      const want = oracle(alice.id, { ...f, linkId: links.a1.id }, 0, created, today());
      expect(all.range).toEqual({ startDate: created, endDate: today() });
      expect(all.clicksOverTime.map((d: { date: string }) => d.date)).toEqual(eachDate(created, today()));
      expect(all.clicksOverTime.length).toBeGreaterThan(366);
      expect([f, all.totalClicks]).toEqual([f, want.length]);
      expect([f, all.clicksByLanguage]).toEqual([f, languages(want)]);
      expect(all.previous).toBeUndefined();
    }
    const s = addDays(today(), -9);
    const ranged = await get(`/api/links/${links.a1.id}/analytics`, { timezoneOffset: '0', startDate: s, endDate: today() });
    expect(ranged.range).toEqual({ startDate: s, endDate: today() });
    expect(ranged.clicksByLanguage).toEqual(languages(oracle(alice.id, { linkId: links.a1.id }, 0, s, today())));
    expect(ranged.link.utm).toEqual({ source: 'newsletter', medium: 'email', campaign: 'spring' });
    expect((await get(`/api/links/${links.a3.id}/analytics`, { timezoneOffset: '0' })).link.utm).toBeNull();
    for (const [params, message] of [
      [{ period: 'year' }, 'period must be all.'],
      [{ period: 'all', startDate: s, endDate: today() }, 'period=all takes no startDate, endDate or compare.'],
      [{ period: 'all', compare: 'previous' }, 'period=all takes no startDate, endDate or compare.'],
    ] as const) {
      const res = await api.call('GET', `/api/links/${links.a1.id}/analytics?${new URLSearchParams(params)}`, { session: alice.session });
      expect([res.status, res.body]).toEqual([400, { statusCode: 400, message }]);
    }
  });

  it('Link Analytics under a tag or UTM the link does not have: every figure zero; under its own: as unfiltered', async () => {
    const all = { timezoneOffset: '0', period: 'all' };
    const plain = await get(`/api/links/${links.a1.id}/analytics`, all);
    expect(plain.totalClicks).toBeGreaterThan(0);
    for (const f of [{ tag: 'no-such-tag' }, { utmSource: 'no-such-source' }, { utmSource: 'no-such-source', country: some('country') }] as Record<
      string,
      string
    >[]) {
      const la = await get(`/api/links/${links.a1.id}/analytics`, { ...all, ...f });
      const figures = [
        la.totalClicks,
        la.botClicks,
        la.qrScans,
        la.clicks,
        la.clicksByCountry,
        la.clicksByCity,
        la.clicksByBrowser,
        la.clicksByLanguage,
      ];
      expect([f, ...figures]).toEqual([f, 0, 0, 0, [], [], [], [], []]);
      expect([f, la.clicksOverTime.every((d: { clicks: number }) => d.clicks === 0)]).toEqual([f, true]);
    }
    const own = await get(`/api/links/${links.a1.id}/analytics`, { ...all, utmSource: 'newsletter' });
    expect([own.totalClicks, own.clicksByLanguage, own.clicksByCountry]).toEqual([plain.totalClicks, plain.clicksByLanguage, plain.clicksByCountry]);
  });

  it('counts local days across a daylight-saving change with a filter on', async () => {
    // Europe/Berlin leaves summer time on 2026-10-25: that local day is 25 hours long.
    const edges = ['2026-10-24T22:00:00Z', '2026-10-25T23:00:00Z', '2026-10-26T23:00:00Z'].map(Date.parse);
    const instants = edges.flatMap((t) => [t - 1000, t, t + 1000, t + 3_600_000 - 1000, t + 3_600_000]).map((t) => new Date(t));
    await ingest('a3', [...instants, ...instants], rng(1025));
    for (const f of [{ device: 'desktop' }, { device: 'desktop', language: 'en' }, { tag: 'docs' }] as ClickFilters[]) {
      await expectExact(f, 'Europe/Berlin', '2026-10-24', '2026-10-27', 'device');
      await expectExact(f, 'America/New_York', '2026-10-24', '2026-11-02', 'language');
    }
    const daily = await get('/api/analytics/daily-summary', {
      timeZone: 'Europe/Berlin',
      startDate: '2026-10-25',
      endDate: '2026-10-25',
      linkId: links.a3.id,
    });
    expect(daily[0].totalClicks).toBe(oracle(alice.id, { linkId: links.a3.id }, 'Europe/Berlin', '2026-10-25', '2026-10-25').length);
    expect(daily[0].totalClicks).toBeGreaterThan(0);
  });

  it('narrows recent IP activity to the matching clicks of its window, one record per IP and link', async () => {
    const cases: [number, ClickFilters][] = [
      [7, { country: some('country') }],
      [30, { device: 'mobile', language: 'en' }],
      [14, { tag: 'docs', referrer: 'direct' }],
    ];
    for (const [days, f] of cases) {
      const before = Date.now();
      const res = await get('/api/analytics/recent-ip-activity', { days: String(days), limit: '100', ...f });
      const after = Date.now();
      const records = (now: number) => {
        const m = new Map<string, { clicks: number; last: string }>();
        for (const c of stored.filter((x) => matches(x, alice.id, f) && Date.parse(x.at) >= now - days * DAY)) {
          const r = m.get(`${c.ip}|${c.linkId}`) ?? { clicks: 0, last: c.at };
          m.set(`${c.ip}|${c.linkId}`, { clicks: r.clicks + 1, last: c.at > r.last ? c.at : r.last });
        }
        return Object.fromEntries(m);
      };
      const got = Object.fromEntries(
        res.data.map((r: { ipAddress: string; linkId: string; clickCount: number; lastSeen: string }) => [
          `${r.ipAddress}|${r.linkId}`,
          { clicks: r.clickCount, last: r.lastSeen },
        ]),
      );
      expect(Object.keys(got).length).toBeGreaterThan(0);
      expect([records(before), records(after)]).toContainEqual(got);
      expect(res.total).toBe(res.data.length);
      const seen = res.data.map((r: { lastSeen: string }) => r.lastSeen);
      expect(seen).toEqual([...seen].sort().reverse());
    }
    const paged = await get('/api/analytics/recent-ip-activity', { days: '30', limit: '2', page: '2', device: 'desktop' });
    expect([paged.page, paged.limit, paged.data.length, paged.totalPages]).toEqual([2, 2, 2, Math.ceil(paged.total / 2)]);
    const res = await api.call('GET', '/api/analytics/recent-ip-activity?device=phone', { session: alice.session });
    expect([res.status, res.body.message]).toEqual([400, 'device must be desktop, mobile or tablet.']);
  });

  it('back-fills the one-dimension counts from the stored clicks, row for row', async () => {
    const rows = () => api.dataSource.query<unknown[]>(`SELECT owner_id, dimension, value, bucket, clicks FROM owner_dims_15m ORDER BY 1, 2, 3, 4`);
    const before = await rows();
    expect(before.length).toBeGreaterThan(0);
    const runner = api.dataSource.createQueryRunner();
    await runner.startTransaction();
    await new OwnerDimensions1767048000000().down(runner);
    await new OwnerDimensions1767048000000().up(runner);
    await runner.commitTransaction();
    await runner.release();
    expect(await rows()).toEqual(before);
  });

  it('back-fills the per-link language counts from the stored clicks, row for row', async () => {
    const rows = (table: string, at: string) =>
      api.dataSource.query<unknown[]>(`SELECT link_id, owner_id, ${at}, language, clicks FROM ${table} ORDER BY 1, 3, 4`);
    const before = [await rows('link_lang_15m', 'bucket'), await rows('link_lang_daily', 'day')];
    expect(before.map((r) => r.length > 0)).toEqual([true, true]);
    const runner = api.dataSource.createQueryRunner();
    await runner.startTransaction();
    await new LinkLanguages1767049000000().down(runner);
    await new LinkLanguages1767049000000().up(runner);
    await runner.commitTransaction();
    await runner.release();
    expect([await rows('link_lang_15m', 'bucket'), await rows('link_lang_daily', 'day')]).toEqual(before);
  });

  it('counts the pairs of dimensions as the back-fill from the stored clicks does, after the ingest and the day roll-up', async () => {
    const rows = () =>
      Promise.all([
        api.dataSource.query<unknown[]>(
          `SELECT owner_id, pair, value_a, value_b, region, city, day::text, country, clicks, quarters FROM owner_pairs_daily ORDER BY 1, 2, 3, 4, 5, 6, 7`,
        ),
        api.dataSource.query<unknown[]>(
          `SELECT owner_id, pair, value_a, value_b, region, city, bucket, country, clicks FROM owner_pairs_open ORDER BY 1, 2, 3, 4, 5, 6, 7`,
        ),
      ]);
    const before = await rows();
    // The ingest wrote today's clicks per bucket, the others (late clicks here) per day.
    expect(before.map((r) => r.length > 0)).toEqual([true, true]);
    const migrations = [new OwnerPairs1767063000000(), new OwnerPairsOpenDays1767063100000(), new OwnerPlacePairs1767063500000()];
    const rebuild = async () => {
      const runner = api.dataSource.createQueryRunner();
      await runner.startTransaction();
      for (const m of [...migrations].reverse()) await m.down(runner);
      for (const m of migrations) await m.up(runner);
      await runner.commitTransaction();
      await runner.release();
    };
    await rebuild();
    expect(await rows()).toEqual(before);
    expect(await api.dataSource.query(LINK_MONTHS_MISMATCHES_SQL)).toEqual([]);
    // The last ten closed days reopened (their day rows gone, their buckets counted again), then rolled up.
    await api.dataSource.query(`UPDATE rollup_days SET rolled_before = rolled_before - 10`);
    await api.dataSource.query(`DELETE FROM owner_pairs_daily WHERE day >= (SELECT rolled_before FROM rollup_days)`);
    await rebuild();
    const [{ open }] = await api.dataSource.query<{ open: number }[]>(
      `SELECT count(DISTINCT (bucket AT TIME ZONE 'UTC')::date)::int AS open FROM owner_pairs_open`,
    );
    expect(open).toBeGreaterThan(5);
    expect(await rollUpClosedDays(api.dataSource)).toEqual({ days: 10 });
    expect(await rows()).toEqual(before);
    expect(await api.dataSource.query(LINK_MONTHS_MISMATCHES_SQL)).toEqual([]);
  });

  it('counts the parts of UTC days a local day holds, per link under two filters and by pairs, as the raw clicks do', async () => {
    // West of UTC today's first hours are yesterday's local date; east of it its last hours are tomorrow's.
    for (const zone of [480, -330, 'America/New_York'] as Zone[]) {
      for (const f of [
        { device: 'mobile', referrer: 'direct' },
        { device: 'desktop', language: 'en' },
        { city: some('city'), device: 'mobile' },
      ] as ClickFilters[]) {
        await expectExact(f, zone, today(), today(), 'link');
        await expectExact(f, zone, addDays(today(), -1), addDays(today(), -1), 'link');
      }
      // A local day of a closed UTC day and the next: the pairs' range read takes both days' parts.
      await expectExact({ language: 'en' }, zone, addDays(today(), -2), addDays(today(), -2), 'device');
      await expectExact({ region: some('region') }, zone, addDays(today(), -2), addDays(today(), -1), 'browser');
    }
  });

  it('numbers each link-day’s clicks and builds its bitmaps as the back-fill from the stored clicks does', async () => {
    // Closed days row for row (time order); open days (arrival order) by the clicks of each value.
    const closed = `day < (SELECT rolled_before FROM rollup_days)`;
    const rows = () =>
      Promise.all([
        api.dataSource.query<unknown[]>(`SELECT link_id, day::text, owner_id, clicks, quarters FROM link_click_days ORDER BY 1, 2`),
        api.dataSource.query<unknown[]>(
          `SELECT link_id, dimension, value, day::text, country, bits::text, clicks FROM link_click_bits WHERE ${closed} ORDER BY 1, 2, 3, 4`,
        ),
        api.dataSource.query<unknown[]>(
          `SELECT link_id, dimension, value, day::text, country, bit_count(bits)::int AS n, clicks FROM link_click_bits WHERE NOT ${closed}
            ORDER BY 1, 2, 3, 4`,
        ),
      ]);
    const before = await rows();
    // Each link's months: its closed days laid end to end, as numbering each month's clicks in time order gives.
    expect(await api.dataSource.query(LINK_MONTHS_MISMATCHES_SQL)).toEqual([]);
    expect(await api.dataSource.query(`SELECT count(*)::int AS n FROM link_click_month_bits WHERE dimension = 'device'`)).not.toEqual([{ n: 0 }]);
    // Every link-day with a counted click: the ingest's (open days, late clicks' rebuilt days) and the roll-up's.
    const counted = stored.filter((c) => !c.isBot);
    expect(before[0].length).toBe(new Set(counted.map((c) => `${c.linkId} ${c.at.slice(0, 10)}`)).size);
    expect(before[2].length).toBeGreaterThan(0);
    // Each closed row's count is its bitmap's (the index-only reads of one dimension, migration LinkClickCounts); an
    // open row has none (the ingest appends to its bits alone).
    expect((before[1] as { bits: string; clicks: number }[]).filter((r) => r.clicks !== r.bits.split('1').length - 1)).toEqual([]);
    expect((before[2] as { clicks: number | null }[]).filter((r) => r.clicks !== null)).toEqual([]);
    const rebuild = async () => {
      const runner = api.dataSource.createQueryRunner();
      await runner.startTransaction();
      await new LinkClickMonths1767063900000().down(runner);
      await new LinkClickCounts1767063600000().down(runner);
      await new LinkClickBits1767063200000().down(runner);
      await new LinkClickBits1767063200000().up(runner);
      await new LinkClickCounts1767063600000().up(runner);
      await new LinkClickMonths1767063900000().up(runner);
      await runner.commitTransaction();
      await runner.release();
    };
    await rebuild();
    expect(await rows()).toEqual(before);
    expect(await api.dataSource.query(LINK_MONTHS_MISMATCHES_SQL)).toEqual([]);
    // The last ten closed days reopened (their open pair rows are gone already) and rolled up again: the same rows.
    await api.dataSource.query(`UPDATE rollup_days SET rolled_before = rolled_before - 10`);
    await api.dataSource.query(`SELECT reopen_link_click_days(rolled_before, rolled_before + 10) FROM rollup_days`);
    expect(await rollUpClosedDays(api.dataSource)).toEqual({ days: 10 });
    expect(await rows()).toEqual(before);
    expect(await api.dataSource.query(LINK_MONTHS_MISMATCHES_SQL)).toEqual([]);
  });

  it('counts each link’s clicks under one click filter, all time and by day, as the raw clicks do', async () => {
    // Per-link reads under one click filter (the link bitmaps): trends' top links and their days, the breakdown by link,
    // performance's all-time totals; the days before today are numbered in time order (rolled up above).
    const zone = -330;
    for (const f of [
      { country: some('country') },
      { language: 'de' },
      { referrer: 'direct' },
      { qr: 'true' },
      { browser: some('browser') },
    ] as ClickFilters[]) {
      await expectExact(f, zone, addDays(today(), -39), today(), 'link');
      const trends: { date: string; linkData: { linkId: string; clicks: number }[] }[] = await get('/api/analytics/trends', {
        ...zoneParams(zone),
        startDate: start,
        endDate: end,
        ...f,
      });
      for (const point of trends) {
        for (const l of point.linkData) {
          expect([f, point.date, l.clicks]).toEqual([
            f,
            point.date,
            oracle(alice.id, { ...f, linkId: l.linkId }, zone, point.date, point.date).length,
          ]);
        }
      }
    }
  });

  it('refuses a bad filter with a 400 naming it', async () => {
    for (const [params, message] of [
      [{ country: 'Germany' }, 'country must be a two-letter ISO 3166 country code.'],
      [{ device: 'phone' }, 'device must be desktop, mobile or tablet.'],
      [{ qr: 'yes' }, 'qr must be true or false.'],
      [{ linkId: 'x' }, 'linkId must be a link id (UUID).'],
      [{ language: 'english!' }, 'language must be a language tag such as en.'],
      [{ compare: 'last-year' }, 'compare must be previous.'],
      [{ city: ' ' }, 'city must be 1 to 200 characters.'],
    ] as const) {
      const res = await api.call('GET', `/api/analytics/trends?${new URLSearchParams(params)}`, { session: alice.session });
      expect([res.status, res.body]).toEqual([400, { statusCode: 400, message }]);
    }
    const res = await api.call('GET', '/api/analytics/breakdown?dimension=colour', { session: alice.session });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^dimension must be one of country, region/);
  });

  // Last: it deletes a link.
  it('takes a deleted link’s clicks off every filtered figure', async () => {
    const deletedId = links.a2.id;
    await api.dataSource.transaction(async (m) => {
      await m.query(`DELETE FROM links WHERE id = $1`, [links.a2.id]);
      await deleteClickData(m, { linkId: links.a2.id });
    });
    stored.splice(0, stored.length, ...stored.filter((c) => c.linkId !== links.a2.id));
    delete links.a2;
    for (const f of [
      {},
      { device: 'mobile' },
      { language: 'de' },
      { referrer: 'direct' },
      { country: some('country') },
      { country: some('country'), device: 'mobile' },
    ] as ClickFilters[]) {
      await expectExact(f, -330, start, end, 'language');
    }
    await expectExact({ device: 'desktop' }, -330, start, end, 'browser');
    const [{ n }] = await api.dataSource.query<{ n: number }[]>(
      `SELECT (SELECT count(*) FROM owner_dims_15m WHERE clicks <= 0) + (SELECT count(*) FROM owner_pairs_daily WHERE clicks <= 0)
            + (SELECT count(*) FROM owner_pairs_open WHERE clicks <= 0)
            + (SELECT count(*) FROM link_click_days WHERE link_id = $1) + (SELECT count(*) FROM link_click_bits WHERE link_id = $1) AS n`,
      [deletedId],
    );
    expect(Number(n)).toBe(0);
    for (const f of [{ country: some('country') }, { language: 'de' }] as ClickFilters[]) await expectExact(f, 0, start, end, 'link');
  });

  // After the deletion above: it deletes another link.
  it('lists a link’s languages as a direct count of its clicks does, and forgets a deleted link’s', async () => {
    const id = links.a3.id;
    const counted = await api.dataSource.query<{ name: string; count: number }[]>(
      `SELECT coalesce(nullif(min(language), ''), 'Unknown') AS name, count(*)::int AS count FROM clicks
        WHERE link_id = $1 AND NOT is_bot GROUP BY coalesce(language, '') ORDER BY 2 DESC, coalesce(language, '')`,
      [id],
    );
    expect(counted.length).toBeGreaterThan(1);
    expect((await get(`/api/links/${id}/analytics`, { timezoneOffset: '0', period: 'all' })).clicksByLanguage).toEqual(counted);
    await api.dataSource.transaction(async (m) => {
      await m.query(`DELETE FROM links WHERE id = $1`, [id]);
      await deleteClickData(m, { linkId: id });
    });
    const [left] = await api.dataSource.query<{ q: number; d: number; bits: number }[]>(
      `SELECT (SELECT count(*)::int FROM link_lang_15m WHERE link_id = $1) AS q, (SELECT count(*)::int FROM link_lang_daily WHERE link_id = $1) AS d,
              (SELECT count(*)::int FROM link_click_bits WHERE link_id = $1) AS bits`,
      [id],
    );
    expect(left).toEqual({ q: 0, d: 0, bits: 0 });
  });
});
