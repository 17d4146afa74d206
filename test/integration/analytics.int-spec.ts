import { randomUUID } from 'node:crypto';
import { createEnricher, ingestClicks, rollUpClosedDays, type EnrichedClick } from '@app/clicks';
import { addDays, eachDate, localDateString, localMidnight, startOfLocalDay, startOfLocalWeek } from '@app/time';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { adminSession, signedInUsers, type SignedIn } from '../helpers/auth.js';

/**
 * Every analytics number against an oracle computed from the raw clicks we ingested, for the time zones
 * UTC, India (-330), Nepal (-345), California (480) and UTC-12 (720), with clicks placed on each zone's
 * day and week boundaries.
 */
const OFFSETS = [0, -330, -345, 480, 720];
const IPS = ['8.8.8.8', '81.2.69.142', '2.125.160.216', '89.160.20.112', '216.160.83.56', '175.16.199.5', '1.1.1.1', '203.0.113.9'];
const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
];
const REFERERS = ['', 'https://www.google.com/search?q=x', 'https://t.co/abc', 'https://news.ycombinator.com/'];

let api: TestApi;
let alice: SignedIn;
let bob: SignedIn;
let admin: string;
const links: Record<string, { id: string; owner: string; name: string }> = {};
const stored: (EnrichedClick & { owner: string })[] = [];

async function addLink(key: string, owner: string, name: string) {
  const id = randomUUID();
  await api.dataSource.query(
    `INSERT INTO links (id, owner_id, name, short_code, original_url, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, now(), now())`,
    [id, owner, name, `code-${key}`, `https://example.com/${key}`],
  );
  links[key] = { id, owner, name };
}

/** Deterministic pseudo-random numbers, so a failure can be replayed. */
function rng(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
}

async function ingest(instants: Date[], key: string, pick: () => number) {
  const enricher = createEnricher({});
  const enriched = instants.map((at) =>
    enricher.enrich({
      id: randomUUID(),
      linkId: links[key].id,
      at: at.toISOString(),
      ip: IPS[Math.floor(pick() * IPS.length)],
      userAgent: AGENTS[Math.floor(pick() * AGENTS.length)],
      referer: REFERERS[Math.floor(pick() * REFERERS.length)],
      host: 'localhost:8080',
    }),
  );
  const result = await ingestClicks(api.dataSource, enriched);
  expect(result.inserted).toBe(enriched.length);
  stored.push(...enriched.map((c) => ({ ...c, owner: links[key].owner })));
}

/** Instants one second either side of every zone's local midnight around `date`, plus Monday starts. */
function boundaryInstants(dates: string[]): Date[] {
  const out: Date[] = [];
  for (const date of dates) {
    for (const offset of OFFSETS) {
      const m = localMidnight(date, offset).getTime();
      out.push(new Date(m - 1000), new Date(m), new Date(m + 14 * 60_000 + 59_000));
    }
  }
  return out;
}

const scoped = (ownerId: string | null) => stored.filter((c) => ownerId === null || c.owner === ownerId);
const inRange = (c: EnrichedClick, offset: number, start: string, end: string) => {
  const d = localDateString(new Date(c.at), offset);
  return d >= start && d <= end;
};
const q = (params: Record<string, string | number>) => '?' + new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

beforeAll(async () => {
  api = await startTestApi();
  ({ alice, bob } = await signedInUsers(api, 'alice', 'bob'));
  admin = await adminSession(api);
  await addLink('a1', alice.id, 'Alice one');
  await addLink('a2', alice.id, 'Alice two');
  await addLink('a3', alice.id, 'Alice three');
  await addLink('b1', bob.id, 'Bob one');
  await api.dataSource.query(`UPDATE rollup_days SET rolled_before = '2026-01-01'`);

  const pick = rng(42);
  // Day and week boundaries of every zone: 2026-03-02 is a Monday.
  await ingest(boundaryInstants(['2026-03-01', '2026-03-02', '2026-03-03']), 'a1', pick);
  await ingest(boundaryInstants(['2026-03-02']), 'b1', pick);
  // Scattered clicks over six weeks on every link.
  const spread = (n: number) => Array.from({ length: n }, () => new Date(Date.parse('2026-02-10T00:00:00Z') + Math.floor(pick() * 42 * 86_400_000)));
  await ingest(spread(300), 'a1', pick);
  await ingest(spread(200), 'a2', pick);
  await ingest(spread(50), 'a3', pick);
  await ingest(spread(150), 'b1', pick);
  // Around now, on each zone's "today" and "this week" edges, for the stat cards.
  const now = new Date();
  const recent: Date[] = [];
  for (const offset of OFFSETS) {
    for (const edge of [startOfLocalDay(now, offset), startOfLocalWeek(now, offset)]) recent.push(new Date(edge.getTime() - 1000), edge);
  }
  recent.push(new Date(now.getTime() - 60_000));
  await ingest(
    recent.filter((d) => d <= now),
    'a2',
    pick,
  );
  await ingest([new Date(now.getTime() - 3 * 86_400_000)], 'b1', pick);
});

afterAll(async () => {
  await api?.close();
});

// Migration DaysRolledUp: every answer the same while the days are only in the 15-minute tables (rolled_before was set
// back before the clicks came), and after the day roll-up has moved them into the per-day tables.
describe.each(['before', 'after'] as const)('%s the day roll-up', (phase) => {
  const today = () => new Date().toISOString().slice(0, 10);
  const utcDays = (clicks: EnrichedClick[]) => new Set(clicks.map((c) => `${c.linkId} ${c.at.slice(0, 10)}`)).size;
  beforeAll(async () => {
    // Every day from 2026-01-01 to yesterday (UTC); today stays in the 15-minute tables until it closes.
    if (phase === 'after')
      expect(await rollUpClosedDays(api.dataSource)).toEqual({ days: (Date.parse(today()) - Date.parse('2026-01-01')) / 86_400_000 });
  });

  it('per-day rows: none before the roll-up, then one per link and UTC day with clicks', async () => {
    const [{ n }] = await api.dataSource.query('SELECT count(*)::int AS n FROM link_clicks_daily');
    expect(n).toBe(phase === 'before' ? 0 : utcDays(stored.filter((c) => c.at.slice(0, 10) < today())));
  });

  describe.each(OFFSETS)('timezoneOffset %i', (offset) => {
    const start = '2026-02-26';
    const end = '2026-03-04';

    it('daily summary: one entry per local day, empty days included, exact counts', async () => {
      const res = await api.call('GET', `/api/analytics/daily-summary${q({ timezoneOffset: offset, startDate: start, endDate: end })}`, {
        session: alice.session,
      });
      expect(res.status).toBe(200);
      expect(res.body.map((d: any) => d.date)).toEqual(eachDate(start, end));
      for (const day of res.body) {
        expect(day.totalClicks).toBe(scoped(alice.id).filter((c) => inRange(c, offset, day.date, day.date)).length);
      }
      expect(res.body[4].formattedDate).toBe('Mar 2, 2026');
      const empty = await api.call(
        'GET',
        `/api/analytics/daily-summary${q({ timezoneOffset: offset, startDate: '2025-01-01', endDate: '2025-01-03' })}`,
        { session: alice.session },
      );
      expect(empty.body).toEqual([
        { date: '2025-01-01', formattedDate: 'Jan 1, 2025', totalClicks: 0 },
        { date: '2025-01-02', formattedDate: 'Jan 2, 2025', totalClicks: 0 },
        { date: '2025-01-03', formattedDate: 'Jan 3, 2025', totalClicks: 0 },
      ]);
    });

    it('daily summary for an admin counts every user', async () => {
      const res = await api.call('GET', `/api/analytics/daily-summary${q({ timezoneOffset: offset, startDate: start, endDate: end })}`, {
        session: admin,
      });
      for (const day of res.body) expect(day.totalClicks).toBe(scoped(null).filter((c) => inRange(c, offset, day.date, day.date)).length);
    });

    it('trends: top links by clicks in range, per local day', async () => {
      const res = await api.call('GET', `/api/analytics/trends${q({ timezoneOffset: offset, startDate: start, endDate: end })}`, {
        session: alice.session,
      });
      expect(res.status).toBe(200);
      expect(res.body.map((p: any) => p.date)).toEqual(eachDate(start, end));
      const mine = scoped(alice.id).filter((c) => inRange(c, offset, start, end));
      const ranked = ['a1', 'a2', 'a3']
        .map((k) => ({ k, n: mine.filter((c) => c.linkId === links[k].id).length }))
        .filter((x) => x.n > 0)
        .sort((x, y) => y.n - x.n);
      expect(res.body[0].linkData.map((l: any) => l.linkId)).toEqual(ranked.map((x) => links[x.k].id));
      for (const point of res.body) {
        for (const l of point.linkData) {
          expect(l.clicks).toBe(mine.filter((c) => c.linkId === l.linkId && inRange(c, offset, point.date, point.date)).length);
        }
      }
    });

    it('performance: clicks in range, totals and last click per link', async () => {
      const res = await api.call('GET', `/api/analytics/performance${q({ timezoneOffset: offset, startDate: start, endDate: end })}`, {
        session: alice.session,
      });
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(3);
      for (const row of res.body) {
        const all = stored.filter((c) => c.linkId === row.id);
        expect(row.clicksInRange).toBe(all.filter((c) => inRange(c, offset, start, end)).length);
        expect(row.clickCount).toBe(all.length);
        expect(row.lastClick).toBe(new Date(Math.max(...all.map((c) => Date.parse(c.at)))).toISOString());
        expect(row.shortUrl).toBe(`${api.config.shortBaseUrl}/s/${row.shortCode}`);
        expect(row.ownerUsername).toBeUndefined();
      }
      const adminRes = await api.call('GET', `/api/analytics/performance${q({ timezoneOffset: offset, startDate: start, endDate: end })}`, {
        session: admin,
      });
      expect(adminRes.body).toHaveLength(4);
      expect(adminRes.body.find((r: any) => r.id === links.b1.id).ownerUsername).toBe('bob');
    });

    it('geographic: countries, cities and regions of the range', async () => {
      const res = await api.call('GET', `/api/analytics/geographic${q({ timezoneOffset: offset, startDate: start, endDate: end })}`, {
        session: alice.session,
      });
      expect(res.status).toBe(200);
      const mine = scoped(alice.id).filter((c) => inRange(c, offset, start, end) && c.countryCode);
      const count = (key: (c: EnrichedClick) => string | null) => {
        const m = new Map<string, number>();
        for (const c of mine) if (key(c)) m.set(key(c)!, (m.get(key(c)!) ?? 0) + 1);
        return m;
      };
      expect(new Map(res.body.countries.map((x: any) => [x.countryCode, x.clicks]))).toEqual(count((c) => c.countryCode));
      expect(new Map(res.body.cities.map((x: any) => [x.city, x.clicks]))).toEqual(count((c) => c.city));
      expect(new Map(res.body.regions.map((x: any) => [x.region, x.clicks]))).toEqual(count((c) => c.region));
      expect(res.body.countries.length).toBeGreaterThan(1);
    });

    it('link analytics: per-day timeline at local midnights, breakdowns and the last 50 clicks', async () => {
      const s = '2026-02-27';
      const e = '2026-03-03';
      const res = await api.call('GET', `/api/links/${links.a1.id}/analytics${q({ timezoneOffset: offset, startDate: s, endDate: e })}`, {
        session: alice.session,
      });
      expect(res.status).toBe(200);
      const mine = stored.filter((c) => c.linkId === links.a1.id && inRange(c, offset, s, e));
      expect(res.body.totalClicks).toBe(mine.length);
      expect(res.body.clicksOverTime).toEqual(
        eachDate(s, e).map((date) => ({
          date,
          timestamp: localMidnight(date, offset).toISOString(),
          clicks: mine.filter((c) => localDateString(new Date(c.at), offset) === date).length,
        })),
      );
      const newest = [...mine].sort((x, y) => Date.parse(y.at) - Date.parse(x.at)).slice(0, 50);
      expect(res.body.clicks).toHaveLength(Math.min(50, mine.length));
      expect(res.body.clicks[0].clickedAt).toBe(new Date(newest[0].at).toISOString());
      expect(res.body.clicks.at(-1).clickedAt).toBe(new Date(newest.at(-1)!.at).toISOString());
      const sum = (list: { count: number }[]) => list.reduce((t, x) => t + x.count, 0);
      expect(sum(res.body.clicksByBrowser)).toBe(mine.length);
      expect(sum(res.body.clicksByDevice)).toBe(mine.length);
      expect(sum(res.body.clicksByReferrer)).toBe(mine.length);
      expect(res.body.clicksByReferrer.find((r: any) => r.name === 'Direct')?.count).toBe(mine.filter((c) => !c.referrer).length);
      const tally = (key: (c: EnrichedClick) => string) => {
        const m = new Map<string, number>();
        for (const c of mine) m.set(key(c), (m.get(key(c)) ?? 0) + 1);
        return m;
      };
      const byName = (list: { name: string; count: number }[]) => new Map(list.map((x) => [x.name, x.count]));
      expect(byName(res.body.clicksByBrowser)).toEqual(tally((c) => c.browser || 'Unknown'));
      expect(byName(res.body.clicksByOs)).toEqual(tally((c) => c.os || 'Unknown'));
      expect(byName(res.body.clicksByReferrer)).toEqual(tally((c) => c.referrer || 'Direct'));
      expect(sum(res.body.clicksByCountry)).toBe(mine.filter((c) => c.countryCode).length);
    });

    it('stats: today and this week (from Monday) in the caller zone, totals', async () => {
      const now = new Date();
      const res = await api.call('GET', `/api/analytics/stats${q({ timezoneOffset: offset })}`, { session: alice.session });
      expect(res.status).toBe(200);
      const mine = scoped(alice.id);
      const since = (t: Date) => mine.filter((c) => Date.parse(c.at) >= t.getTime() && Date.parse(c.at) <= now.getTime()).length;
      expect(res.body).toEqual({
        clicksToday: since(startOfLocalDay(now, offset)),
        clicksThisWeek: since(startOfLocalWeek(now, offset)),
        totalClicks: mine.length,
        totalLinks: 3,
      });
    });
  });

  describe('exact boundaries written out', () => {
    it('a click at 18:29:59Z is Mar 1 in India and one at 18:30:00Z is Mar 2', async () => {
      const res = await api.call(
        'GET',
        `/api/links/${links.b1.id}/analytics${q({ timezoneOffset: -330, startDate: '2026-03-02', endDate: '2026-03-02' })}`,
        { session: bob.session },
      );
      const boundary = stored.filter(
        (c) =>
          c.linkId === links.b1.id && Date.parse(c.at) >= Date.parse('2026-03-01T18:30:00Z') && Date.parse(c.at) < Date.parse('2026-03-02T18:30:00Z'),
      );
      expect(res.body.clicksOverTime).toEqual([{ date: '2026-03-02', timestamp: '2026-03-01T18:30:00.000Z', clicks: boundary.length }]);
      // ISO instants are read as the local date that contains them.
      const iso = await api.call(
        'GET',
        `/api/links/${links.b1.id}/analytics${q({ timezoneOffset: -330, startDate: '2026-03-01T18:30:00.000Z', endDate: '2026-03-02T18:29:59.999Z' })}`,
        { session: bob.session },
      );
      expect(iso.body.clicksOverTime).toEqual(res.body.clicksOverTime);
    });
    it('defaults: daily summary and trends cover the last 30 local days, link analytics the last 7', async () => {
      const today = localDateString(new Date(), -330);
      const ds = await api.call('GET', `/api/analytics/daily-summary?timezoneOffset=-330`, { session: alice.session });
      expect(ds.body).toHaveLength(30);
      expect(ds.body.at(-1).date).toBe(today);
      expect(ds.body[0].date).toBe(addDays(today, -29));
      const tr = await api.call('GET', `/api/analytics/trends?timezoneOffset=-330`, { session: alice.session });
      expect(tr.body).toHaveLength(30);
      const la = await api.call('GET', `/api/links/${links.a2.id}/analytics?timezoneOffset=-330`, { session: alice.session });
      expect(la.body.clicksOverTime).toHaveLength(7);
      expect(la.body.clicksOverTime.at(-1).date).toBe(today);
    });
  });

  describe('IP screens', () => {
    it('recent IP activity: one record per (ip, link) of my links in the window, newest first, paged', async () => {
      const res = await api.call('GET', '/api/analytics/recent-ip-activity?days=7&page=1&limit=3', { session: bob.session });
      expect(res.status).toBe(200);
      const weekAgo = Date.now() - 7 * 86_400_000;
      const pairs = new Map<string, EnrichedClick[]>();
      for (const c of scoped(bob.id)) {
        const k = `${c.ip}|${c.linkId}`;
        pairs.set(k, [...(pairs.get(k) ?? []), c]);
      }
      const recent = [...pairs.values()].filter((cs) => cs.some((c) => Date.parse(c.at) >= weekAgo));
      expect(res.body.total).toBe(recent.length);
      expect(res.body.totalPages).toBe(Math.ceil(recent.length / 3));
      const rec = res.body.data[0];
      const cs = pairs.get(`${rec.ipAddress}|${rec.linkId}`)!;
      expect(rec.clickCount).toBe(cs.length);
      expect(rec.linkName).toBe('Bob one');
      const all = await api.call('GET', '/api/analytics/recent-ip-activity?days=30&limit=100', { session: alice.session });
      expect(all.body.data.every((r: any) => r.linkName.startsWith('Alice'))).toBe(true);
      const seen = all.body.data.map((r: any) => r.lastSeen);
      expect([...seen].sort().reverse()).toEqual(seen);
    });

    it('admin IP summary: unique IPs, places and new IPs per local day', async () => {
      const res = await api.call('GET', '/api/admin/ip-summary?timezoneOffset=-330', { session: admin });
      expect(res.status).toBe(200);
      const ips = new Map<string, EnrichedClick[]>();
      for (const c of stored) ips.set(c.ip, [...(ips.get(c.ip) ?? []), c]);
      expect(res.body.totalUniqueIPs).toBe(ips.size);
      expect(res.body.dailyNewIPs).toHaveLength(30);
      const firstSeen = [...ips.values()].map((cs) => localDateString(new Date(Math.min(...cs.map((c) => Date.parse(c.at)))), -330));
      for (const d of res.body.dailyNewIPs) expect(d.newIPs).toBe(firstSeen.filter((f) => f === d.date).length);
      const clicks = res.body.ipsByCountry.reduce((t: number, c: any) => t + c.clickCount, 0);
      expect(clicks).toBe(stored.filter((c) => c.country).length);
      expect(await api.call('GET', '/api/admin/ip-summary', { session: alice.session })).toMatchObject({ status: 403 });
    });
  });
});
