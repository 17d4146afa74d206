import { randomUUID } from 'node:crypto';
import { DEFAULT_HOST_KEY, redisKeys } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { startOfLocalDay } from '@app/time';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { adminSession, approvedUser } from '../helpers/auth.js';
import { addVerifiedDomain, verifyDomain } from '../helpers/domains.js';
import { LINK_CLICK_TABLES } from './worker-helpers.js';

const MIN = 60_000;

/** Click totals from the worker's tables, timezone "today", deletion cascades and projection rebuilds. */
describe('links: stats, cascades, rebuild', () => {
  let api: TestApi;
  let admin: string;
  const keys = () => redisKeys(api.config.redisPrefix);

  beforeAll(async () => {
    api = await startTestApi({ SHORT_BASE_URL: 'http://lp.test' });
    admin = await adminSession(api);
  });
  afterAll(() => api?.close());

  /** What the worker would have written for `n` clicks of a link at `at` from `ip`. */
  async function seedClicks(linkId: string, ownerId: string, at: Date, n: number, ip = '81.2.69.160'): Promise<void> {
    const q = (sql: string, params: unknown[]) => api.dataSource.query(sql, params);
    const bucket = new Date(Math.floor(at.getTime() / (15 * MIN)) * 15 * MIN);
    const day = at.toISOString().slice(0, 10);
    for (let i = 0; i < n; i++) {
      await q(`INSERT INTO clicks (id, link_id, owner_id, clicked_at, ip) VALUES ($1, $2, $3, $4, $5)`, [randomUUID(), linkId, ownerId, at, ip]);
    }
    await q(`INSERT INTO link_clicks_15m VALUES ($1, $2, $3, $4) ON CONFLICT (link_id, bucket) DO UPDATE SET clicks = link_clicks_15m.clicks + $4`, [
      linkId,
      ownerId,
      bucket,
      n,
    ]);
    await q(`INSERT INTO link_clicks_daily VALUES ($1, $2, $3, $4) ON CONFLICT (link_id, day) DO UPDATE SET clicks = link_clicks_daily.clicks + $4`, [
      linkId,
      ownerId,
      day,
      n,
    ]);
    await q(
      `INSERT INTO link_geo_15m VALUES ($1, $2, $3, 'GB', 'United Kingdom', '', '', $4) ON CONFLICT (link_id, bucket, country_code, region, city) DO UPDATE SET clicks = link_geo_15m.clicks + $4`,
      [linkId, ownerId, bucket, n],
    );
    await q(
      `INSERT INTO link_geo_daily VALUES ($1, $2, $3, 'GB', 'United Kingdom', '', '', $4) ON CONFLICT (link_id, day, country_code, region, city) DO UPDATE SET clicks = link_geo_daily.clicks + $4`,
      [linkId, ownerId, day, n],
    );
    await q(`INSERT INTO link_tech_15m VALUES ($1, $2, $3, 'Chrome', 'Windows', 'desktop', '', $4) ON CONFLICT DO NOTHING`, [
      linkId,
      ownerId,
      bucket,
      n,
    ]);
    await q(`INSERT INTO link_tech_daily VALUES ($1, $2, $3, 'Chrome', 'Windows', 'desktop', '', $4) ON CONFLICT DO NOTHING`, [
      linkId,
      ownerId,
      day,
      n,
    ]);
    await q(`INSERT INTO link_lang_15m VALUES ($1, $2, $3, 'en', $4) ON CONFLICT DO NOTHING`, [linkId, ownerId, bucket, n]);
    await q(`INSERT INTO link_lang_daily VALUES ($1, $2, $3, 'en', $4) ON CONFLICT DO NOTHING`, [linkId, ownerId, day, n]);
    await q(`INSERT INTO link_click_days VALUES ($1, $2, $3, $4, NULL) ON CONFLICT DO NOTHING`, [linkId, day, ownerId, n]);
    await q(`INSERT INTO link_click_bits VALUES ($1, 'device', 'desktop', $2, '', $3::varbit) ON CONFLICT DO NOTHING`, [linkId, day, '1'.repeat(n)]);
    const month = `date_trunc('month', $2::date)::date`;
    await q(`INSERT INTO link_click_months VALUES ($1, ${month}, $3, array_fill($4::int, ARRAY[31])) ON CONFLICT DO NOTHING`, [
      linkId,
      day,
      ownerId,
      n,
    ]);
    await q(`INSERT INTO link_click_month_bits VALUES ($1, 'device', 'desktop', ${month}, '', $3::varbit) ON CONFLICT DO NOTHING`, [
      linkId,
      day,
      '1'.repeat(n),
    ]);
    await q(
      `INSERT INTO ip_activity (ip, link_id, owner_id, first_seen, last_seen, click_count) VALUES ($1, $2, $3, $4, $4, $5)
       ON CONFLICT (ip, link_id) DO UPDATE SET click_count = ip_activity.click_count + $5, last_seen = GREATEST(ip_activity.last_seen, $4)`,
      [ip, linkId, ownerId, at, n],
    );
    await q(
      `INSERT INTO ips (ip, first_seen, last_seen, click_count) VALUES ($1, $2, $2, $3)
       ON CONFLICT (ip) DO UPDATE SET click_count = ips.click_count + $3, last_seen = GREATEST(ips.last_seen, $2)`,
      [ip, at, n],
    );
    await q(
      `INSERT INTO link_stats VALUES ($1, $2, $3, $4)
       ON CONFLICT (link_id) DO UPDATE SET click_count = link_stats.click_count + $3, last_click_at = GREATEST(link_stats.last_click_at, $4)`,
      [linkId, ownerId, n, at],
    );
  }

  const count = async (table: string, column: string, id: string): Promise<number> =>
    (await api.dataSource.query(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`, [id]))[0].n;
  const linksOf = async (session: string, offset: number) =>
    (await api.call('GET', `/api/links?timezoneOffset=${offset}`, { session })).body as {
      id: string;
      clickCount: number;
      clicksToday: number;
      lastClick: string | null;
    }[];

  it("reports clickCount and lastClick from link_stats and clicksToday for the caller's local day", async () => {
    const carol = await approvedUser(api, 'carol');
    const link = (await api.call('POST', '/api/links', { session: carol.sessionId, body: { originalUrl: 'https://example.org/tz' } })).body;
    const now = new Date();
    // One bucket just inside and one just outside "today" for each offset; distinct powers of two show which counted.
    const offsets = [0, -330, 480, -345];
    const expected = new Map<number, number>(offsets.map((o) => [o, 0]));
    let n = 1;
    for (const offset of offsets) {
      const midnight = startOfLocalDay(now, offset);
      for (const at of [midnight, new Date(midnight.getTime() - 15 * MIN), new Date(midnight.getTime() + 24 * 60 * MIN)]) {
        if (at > now) continue;
        await seedClicks(link.id, carol.user.id, at, n);
        for (const o of offsets) if (at >= startOfLocalDay(now, o)) expected.set(o, expected.get(o)! + n);
        n *= 2;
      }
    }
    const total = n - 1;
    // Stated independently for -330: its day starts at 18:30Z the previous UTC day (or today), so a click at
    // 20:00Z yesterday counts for -330 only once 18:30Z yesterday has passed, which it has whenever now is before 18:30Z.
    for (const offset of offsets) {
      const [dto] = await linksOf(carol.sessionId, offset);
      expect({ offset, today: dto.clicksToday, total: dto.clickCount }).toEqual({ offset, today: expected.get(offset), total });
      expect(dto.lastClick).not.toBeNull();
    }
    expect(expected.get(-330)).toBeGreaterThan(0);
    const latest = (await api.dataSource.query('SELECT max(clicked_at) AS m FROM clicks WHERE link_id = $1', [link.id]))[0].m as Date;
    expect((await linksOf(carol.sessionId, 0))[0].lastClick).toBe(latest.toISOString());
    expect((await api.call('GET', '/api/links?timezoneOffset=abc', { session: carol.sessionId })).status).toBe(400);
  });

  it('counts a click at 20:00Z yesterday as today for offset -330 (day starts 18:30Z), not for UTC', async () => {
    const dave = await approvedUser(api, 'dave');
    const link = (await api.call('POST', '/api/links', { session: dave.sessionId, body: { originalUrl: 'https://example.org/ist' } })).body;
    const now = new Date();
    const utcToday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const at = new Date(utcToday.getTime() - 4 * 60 * MIN); // 20:00Z yesterday
    await seedClicks(link.id, dave.user.id, at, 3);
    const ist = (await linksOf(dave.sessionId, -330))[0].clicksToday;
    const utc = (await linksOf(dave.sessionId, 0))[0].clicksToday;
    expect(utc).toBe(0);
    // IST "today" began at 18:30Z: yesterday's when now is before 18:30Z, so 20:00Z yesterday is in it; after 18:30Z not.
    const istDayStart = now.getUTCHours() * 60 + now.getUTCMinutes() < 18 * 60 + 30;
    expect(ist).toBe(istDayStart ? 3 : 0);
  });

  it("deleting a link deletes its clicks and rollups in the same transaction, leaving other links' intact", async () => {
    const erin = await approvedUser(api, 'erin');
    const create = (code: string) =>
      api.call('POST', '/api/links', { session: erin.sessionId, body: { originalUrl: 'https://example.org/' + code, shortCode: code } });
    const gone = (await create('gone-link')).body;
    const kept = (await create('kept-link')).body;
    await seedClicks(gone.id, erin.user.id, new Date(), 2, '10.9.9.1');
    await seedClicks(kept.id, erin.user.id, new Date(), 5, '10.9.9.1');
    expect((await api.call('DELETE', `/api/links/${gone.id}`, { session: erin.sessionId })).status).toBe(200);
    for (const t of LINK_CLICK_TABLES) expect({ t, n: await count(t, 'link_id', gone.id) }).toEqual({ t, n: 0 });
    // One row each (link_dims_monthly: one per click dimension of the day rows, kept by their triggers), 5 clicks.
    const rows = (t: string) => (t === 'clicks' ? 5 : t === 'link_dims_monthly' ? 6 : 1);
    for (const t of LINK_CLICK_TABLES) expect({ t, n: await count(t, 'link_id', kept.id) }).toEqual({ t, n: rows(t) });
    const [ip] = await api.dataSource.query(`SELECT click_count FROM ips WHERE ip = '10.9.9.1'`);
    expect(ip.click_count).toBe(5);
    expect((await linksOf(erin.sessionId, 0)).map((l) => l.clickCount)).toEqual([5]);
  });

  it("deleting a user removes their links, domains, clicks, rollups and cache keys, and nobody else's", async () => {
    const frank = await approvedUser(api, 'frank');
    const grace = await approvedUser(api, 'grace');
    const domain = await addVerifiedDomain(api, frank.sessionId, 'frank.example.com');
    const onDefault = (
      await api.call('POST', '/api/links', { session: frank.sessionId, body: { originalUrl: 'https://example.org/f1', shortCode: 'frank-1' } })
    ).body;
    const onDomain = (
      await api.call('POST', '/api/links', {
        session: frank.sessionId,
        body: { originalUrl: 'https://example.org/f2', shortCode: 'frank-2', domainId: domain.id },
      })
    ).body;
    const graces = (
      await api.call('POST', '/api/links', { session: grace.sessionId, body: { originalUrl: 'https://example.org/g', shortCode: 'grace-1' } })
    ).body;
    await seedClicks(onDefault.id, frank.user.id, new Date(), 2, '10.8.8.8');
    await seedClicks(onDomain.id, frank.user.id, new Date(), 1, '10.8.8.9');
    await seedClicks(graces.id, grace.user.id, new Date(), 4, '10.8.8.8');
    // A link with only a bot click: stored, counted nowhere, so no rollup row names it.
    const botOnly = (
      await api.call('POST', '/api/links', { session: frank.sessionId, body: { originalUrl: 'https://example.org/f3', shortCode: 'frank-3' } })
    ).body;
    await api.dataSource.query(`INSERT INTO clicks (id, link_id, owner_id, clicked_at, ip, is_bot) VALUES ($1, $2, $3, now(), '10.8.8.7', true)`, [
      randomUUID(),
      botOnly.id,
      frank.user.id,
    ]);
    expect(await count('clicks', 'owner_id', frank.user.id)).toBe(4);
    expect(await api.redis.exists(keys().link(DEFAULT_HOST_KEY, 'frank-1'), keys().link('frank.example.com', 'frank-2'))).toBe(2);

    const franksLinks = (await api.dataSource.query(`SELECT id FROM links WHERE owner_id = $1`, [frank.user.id])).map((r: { id: string }) => r.id);
    expect(franksLinks.length).toBeGreaterThanOrEqual(2);
    expect((await api.call('DELETE', `/api/admin/users/${frank.user.id}`, { session: admin })).status).toBe(200);

    expect(await count('links', 'owner_id', frank.user.id)).toBe(0);
    expect(await count('domains', 'owner_id', frank.user.id)).toBe(0);
    for (const t of LINK_CLICK_TABLES) {
      const n = (await api.dataSource.query(`SELECT count(*)::int AS n FROM ${t} WHERE link_id = ANY($1::uuid[])`, [franksLinks]))[0].n;
      expect({ t, n }).toEqual({ t, n: 0 });
    }
    for (const t of ['owner_clicks_15m', 'owner_clicks_daily', 'owner_geo_15m', 'owner_geo_monthly']) {
      expect({ t, n: await count(t, 'owner_id', frank.user.id) }).toEqual({ t, n: 0 });
    }
    expect(await api.redis.exists(keys().link(DEFAULT_HOST_KEY, 'frank-1'), keys().link('frank.example.com', 'frank-2'))).toBe(0);
    expect(await api.dataSource.query(`SELECT ip, click_count FROM ips WHERE ip LIKE '10.8.8.%' ORDER BY ip`)).toEqual([
      { ip: '10.8.8.8', click_count: 4 },
    ]);
    // The admin IP summary's rollups lost exactly frank's address and clicks.
    const [fromIps] = await api.dataSource.query(`SELECT count(*)::int AS ips, sum(click_count)::int AS clicks FROM ips`);
    const [fromRollup] = await api.dataSource.query(`SELECT sum(ips)::int AS ips, sum(clicks)::int AS clicks FROM ip_places`);
    expect(fromRollup).toEqual(fromIps);
    const [firstSeen] = await api.dataSource.query(`SELECT sum(ips)::int AS ips FROM ip_first_seen_15m`);
    expect(firstSeen.ips).toBe(fromIps.ips);
    expect((await api.call('GET', '/api/admin/ip-summary', { session: admin })).body.totalUniqueIPs).toBe(fromIps.ips);
    // Grace keeps everything.
    expect((await linksOf(grace.sessionId, 0)).map((l) => l.clickCount)).toEqual([4]);
    expect(await api.redis.exists(keys().link(DEFAULT_HOST_KEY, 'grace-1'))).toBe(1);
    const all = (await api.call('GET', '/api/links', { session: admin })).body as { ownerUsername: string }[];
    expect(all.some((l) => l.ownerUsername === 'frank')).toBe(false);
    // The names and codes are free again.
    expect((await api.call('POST', '/api/domains', { session: grace.sessionId, body: { domain: 'frank.example.com' } })).status).toBe(201);
    expect(
      (await api.call('POST', '/api/links', { session: grace.sessionId, body: { originalUrl: 'https://example.org/x', shortCode: 'frank-1' } }))
        .status,
    ).toBe(201);
  });

  it('a projection rebuild gives identical links and domains tables and rewrites the redirect cache', async () => {
    const heidi = await approvedUser(api, 'heidi');
    const d = await addVerifiedDomain(api, heidi.sessionId, 'heidi.example.com');
    await api.call('POST', `/api/domains/${d.id}/ssl/regenerate`, { session: heidi.sessionId });
    await verifyDomain(
      api,
      heidi.sessionId,
      (await api.call('PUT', `/api/domains/${d.id}`, { session: heidi.sessionId, body: { domain: 'heidi2.example.com' } })).body,
    );
    const l = (
      await api.call('POST', '/api/links', { session: heidi.sessionId, body: { originalUrl: 'https://example.org/h', domainId: d.id, ogTitle: 'H' } })
    ).body;
    await api.call('PUT', `/api/links/${l.id}`, { session: heidi.sessionId, body: { name: 'Heidi', originalUrl: 'https://example.org/h2' } });
    const snapshot = async () => ({
      links: await api.dataSource.query('SELECT * FROM links ORDER BY id'),
      domains: await api.dataSource.query('SELECT * FROM domains ORDER BY id'),
      api: (await api.call('GET', '/api/links', { session: admin })).body,
    });
    const before = await snapshot();
    expect(before.links.length).toBeGreaterThanOrEqual(5);
    await api.redis.del(keys().link('heidi2.example.com', l.shortCode));
    await api.redis.set(keys().link(DEFAULT_HOST_KEY, 'ghost-link'), '{}');

    const result = await api.app.get(EventStore).rebuild();
    expect(result.projections).toEqual(expect.arrayContaining(['links', 'domains']));
    expect(await snapshot()).toEqual(before);
    expect(JSON.parse((await api.redis.get(keys().link('heidi2.example.com', l.shortCode)))!).url).toBe('https://example.org/h2');
    expect(await api.redis.exists(keys().link(DEFAULT_HOST_KEY, 'ghost-link'))).toBe(0);
    const cached = await api.redis.keys(keys().link('*', '*'));
    expect(cached.length).toBe(before.links.length);
  });
});
