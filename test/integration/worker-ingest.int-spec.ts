import { randomUUID } from 'node:crypto';
import { createEnricher, createGroupedIngester, ingestClicks } from '@app/clicks';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import {
  clickEvent,
  expectedTotals,
  GOOGLEBOT,
  insertLinks,
  IPHONE,
  LINK_CLICK_TABLES,
  manyClicks,
  LINK_DIMS_MISMATCHES_SQL,
  monthlyGeoMismatchesSql,
  totals,
  TRUNCATE_CLICK_DATA,
} from './worker-helpers.js';

const enricher = createEnricher();
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

const q = (sql: string, params: unknown[] = []) => db.dataSource.query(sql, params);
const snapshot = async () => {
  const out: Record<string, unknown> = {};
  for (const t of [...LINK_CLICK_TABLES, 'ips']) out[t] = await q(`SELECT * FROM ${t} r ORDER BY r`);
  return out;
};

/**
 * The rollups kept by triggers hold exactly the sums of the per-link ones they are kept from (what their triggers would
 * have written): the per-owner rollups and the per-link months.
 */
const ownerRollupsMismatches = async () => {
  const checks = [
    ['owner_clicks_15m', 'link_clicks_15m', 'owner_id, bucket'],
    ['owner_clicks_daily', 'link_clicks_daily', 'owner_id, day'],
    ['owner_geo_15m', 'link_geo_15m', 'owner_id, bucket, country_code, country, region, city'],
  ];
  const out: Record<string, number> = {};
  for (const [owner, link, keys] of checks) {
    const [{ n }] = await q(`SELECT count(*)::int AS n FROM (
      (SELECT ${keys}, clicks::bigint FROM ${owner} EXCEPT SELECT ${keys}, sum(clicks)::bigint FROM ${link} GROUP BY ${keys})
      UNION ALL
      (SELECT ${keys}, sum(clicks)::bigint FROM ${link} GROUP BY ${keys} EXCEPT SELECT ${keys}, clicks::bigint FROM ${owner})) d`);
    out[owner] = n;
  }
  // owner_geo_monthly and link_geo_monthly: cum[d] = the owner's (link's) clicks from the place on days 1..d of the month.
  for (const [table, key] of [
    ['owner_geo_monthly', 'owner_id'],
    ['link_geo_monthly', 'link_id'],
  ] as const) {
    out[table] = (await q(monthlyGeoMismatchesSql(table, key)))[0].n;
  }
  // link_dims_monthly: cum[d] = the link's clicks with the value on days 1..d of the month (link_click_bits' counts).
  out.link_dims_monthly = (await q(LINK_DIMS_MISMATCHES_SQL))[0].n;
  // owner_ip_seen_daily: how many ip_activity records of the owner have their last_seen on each UTC day.
  const seen = `SELECT owner_id, (last_seen AT TIME ZONE 'UTC')::date AS day, count(*)::bigint AS records FROM ip_activity GROUP BY 1, 2`;
  const [{ ipSeen }] = await q(`SELECT count(*)::int AS "ipSeen" FROM (
    (SELECT owner_id, day, records FROM owner_ip_seen_daily WHERE records <> 0 EXCEPT ${seen})
    UNION ALL (${seen} EXCEPT SELECT owner_id, day, records FROM owner_ip_seen_daily)) d`);
  out.owner_ip_seen_daily = ipSeen;
  // ip_places and ip_first_seen_15m (the admin IP summary): per place and per first-seen bucket, from ips.
  const place = `SELECT coalesce(country_code, '') AS cc, coalesce(country, '') AS c, coalesce(city, '') AS ci,
                        count(*)::bigint AS n, sum(click_count)::bigint AS clicks FROM ips GROUP BY 1, 2, 3`;
  const [{ places }] = await q(`SELECT count(*)::int AS places FROM (
    (SELECT country_code, country, city, ips, clicks FROM ip_places WHERE ips <> 0 OR clicks <> 0 EXCEPT ${place})
    UNION ALL (${place} EXCEPT SELECT country_code, country, city, ips, clicks FROM ip_places)) d`);
  out.ip_places = places;
  const fresh = `SELECT date_bin('15 minutes', first_seen, timestamptz 'epoch') AS bucket, count(*)::bigint AS n FROM ips GROUP BY 1`;
  const [{ firstSeen }] = await q(`SELECT count(*)::int AS "firstSeen" FROM (
    (SELECT bucket, ips FROM ip_first_seen_15m WHERE ips <> 0 EXCEPT ${fresh})
    UNION ALL (${fresh} EXCEPT SELECT bucket, ips FROM ip_first_seen_15m)) d`);
  out.ip_first_seen_15m = firstSeen;
  // ip_seen_daily: how many addresses have their last_seen on each UTC day.
  const seenIps = `SELECT (last_seen AT TIME ZONE 'UTC')::date AS day, count(*)::bigint AS ips FROM ips GROUP BY 1`;
  const [{ ipSeenDaily }] = await q(`SELECT count(*)::int AS "ipSeenDaily" FROM (
    (SELECT day, ips FROM ip_seen_daily WHERE ips <> 0 EXCEPT ${seenIps})
    UNION ALL (${seenIps} EXCEPT SELECT day, ips FROM ip_seen_daily)) d`);
  out.ip_seen_daily = ipSeenDaily;
  return out;
};
const NO_MISMATCH = {
  owner_clicks_15m: 0,
  owner_clicks_daily: 0,
  owner_geo_15m: 0,
  owner_geo_monthly: 0,
  link_geo_monthly: 0,
  link_dims_monthly: 0,
  owner_ip_seen_daily: 0,
  ip_places: 0,
  ip_seen_daily: 0,
  ip_first_seen_15m: 0,
};

describe('ingestClicks', () => {
  it('writes clicks and exact rollups for a known batch, and the same batch again changes nothing', async () => {
    const [a] = await insertLinks(db.dataSource, 1);
    const [b] = await insertLinks(db.dataSource, 1);
    const raw = [
      clickEvent(a.id, { at: '2025-03-01T10:01:00.000Z', referer: 'https://www.Google.com/search?q=1' }),
      clickEvent(a.id, { at: '2025-03-01T10:14:59.999Z', userAgent: IPHONE }),
      clickEvent(a.id, { at: '2025-03-01T10:15:00.000Z', ip: '10.0.0.1', referer: 'https://t.co/x' }),
      clickEvent(b.id, { at: '2025-03-01T23:59:00.000Z', userAgent: GOOGLEBOT }),
      clickEvent(b.id, { at: '2025-03-02T00:00:00.000Z', referer: 'https://facebook.com/' }),
      clickEvent(randomUUID()),
    ];
    const batch = raw.map((c) => enricher.enrich(c));
    const gb = batch[0];
    expect(gb.countryCode).toBe('GB');

    const first = await ingestClicks(db.dataSource, batch);
    expect(first).toEqual({
      inserted: 5,
      duplicates: 0,
      skipped: 1,
      summaries: [
        { linkId: a.id, ownerId: a.ownerId, clicks: 3, lastClick: '2025-03-01T10:15:00.000Z' },
        // b's first click is a bot's: stored (flagged) but counted nowhere (docs/product.md#link-controls).
        { linkId: b.id, ownerId: b.ownerId, clicks: 1, lastClick: '2025-03-02T00:00:00.000Z' },
      ].sort((x, y) => (x.linkId < y.linkId ? -1 : 1)),
    });

    const stats = await q(`SELECT click_count::int, last_click_at FROM link_stats WHERE link_id = $1`, [a.id]);
    expect(stats).toEqual([{ click_count: 3, last_click_at: new Date('2025-03-01T10:15:00Z') }]);
    expect(await q(`SELECT bucket, clicks FROM link_clicks_15m WHERE link_id = $1 ORDER BY bucket`, [a.id])).toEqual([
      { bucket: new Date('2025-03-01T10:00:00Z'), clicks: 2 },
      { bucket: new Date('2025-03-01T10:15:00Z'), clicks: 1 },
    ]);
    expect(await q(`SELECT bucket, clicks FROM link_clicks_15m WHERE link_id = $1 ORDER BY bucket`, [b.id])).toEqual([
      { bucket: new Date('2025-03-02T00:00:00Z'), clicks: 1 },
    ]);
    expect(await q(`SELECT day::text, clicks FROM link_clicks_daily WHERE link_id = $1 ORDER BY day`, [b.id])).toEqual([
      { day: '2025-03-02', clicks: 1 },
    ]);
    expect(await q(`SELECT click_count::int FROM link_stats WHERE link_id = $1`, [b.id])).toEqual([{ click_count: 1 }]);
    expect(await q(`SELECT country_code, country, region, city, clicks FROM link_geo_daily WHERE link_id = $1 ORDER BY clicks DESC`, [a.id])).toEqual(
      [
        { country_code: 'GB', country: 'United Kingdom', region: gb.region, city: gb.city, clicks: 2 },
        { country_code: '', country: '', region: '', city: '', clicks: 1 },
      ],
    );
    expect(await q(`SELECT bucket, country_code, clicks FROM link_geo_15m WHERE link_id = $1 ORDER BY bucket`, [a.id])).toEqual([
      { bucket: new Date('2025-03-01T10:00:00Z'), country_code: 'GB', clicks: 2 },
      { bucket: new Date('2025-03-01T10:15:00Z'), country_code: '', clicks: 1 },
    ]);
    // One row per combination of browser, os, device and referrer.
    expect(
      await q(`SELECT browser, os, device, referrer, clicks FROM link_tech_daily WHERE link_id = $1 ORDER BY browser, referrer COLLATE "C"`, [a.id]),
    ).toEqual([
      { browser: 'Chrome', os: 'Windows', device: 'desktop', referrer: 'google.com', clicks: 1 },
      { browser: 'Chrome', os: 'Windows', device: 'desktop', referrer: 't.co', clicks: 1 },
      { browser: 'Mobile Safari', os: 'iOS', device: 'mobile', referrer: '', clicks: 1 },
    ]);
    expect(await q(`SELECT count(*)::int AS n, sum(clicks)::int AS s FROM link_tech_15m WHERE link_id = $1`, [b.id])).toEqual([{ n: 1, s: 1 }]);
    expect(
      await q(`SELECT ip, first_seen, last_seen, click_count, last_referrer, country_code FROM ip_activity WHERE link_id = $1 ORDER BY ip`, [a.id]),
    ).toEqual([
      {
        ip: '10.0.0.1',
        first_seen: new Date('2025-03-01T10:15:00Z'),
        last_seen: new Date('2025-03-01T10:15:00Z'),
        click_count: 1,
        last_referrer: 't.co',
        country_code: null,
      },
      {
        ip: '81.2.69.160',
        first_seen: new Date('2025-03-01T10:01:00Z'),
        last_seen: new Date('2025-03-01T10:14:59.999Z'),
        click_count: 2,
        last_referrer: null,
        country_code: 'GB',
      },
    ]);
    expect(await q(`SELECT ip, first_seen, last_seen, click_count, country_code FROM ips ORDER BY ip`)).toEqual([
      {
        ip: '10.0.0.1',
        first_seen: new Date('2025-03-01T10:15:00Z'),
        last_seen: new Date('2025-03-01T10:15:00Z'),
        click_count: 1,
        country_code: null,
      },
      {
        ip: '81.2.69.160',
        first_seen: new Date('2025-03-01T10:01:00Z'),
        last_seen: new Date('2025-03-02T00:00:00Z'),
        click_count: 3,
        country_code: 'GB',
      },
    ]);
    expect(await q(`SELECT is_bot, browser, referrer FROM clicks WHERE id = $1`, [raw[3].id])).toEqual([
      { is_bot: true, browser: null, referrer: null },
    ]);

    const before = await snapshot();
    const again = await ingestClicks(db.dataSource, batch);
    expect(again).toEqual({ inserted: 0, duplicates: 5, skipped: 1, summaries: [] });
    expect(await snapshot()).toEqual(before);
    expect(await ownerRollupsMismatches()).toEqual(NO_MISMATCH);
    expect(await q(`SELECT sum(clicks)::int AS n FROM owner_clicks_15m`)).toEqual([{ n: 4 }]);

    // A later batch: an older click moves first_seen back but keeps the newest referrer; a newer one replaces it.
    const later = await ingestClicks(
      db.dataSource,
      [
        clickEvent(a.id, { at: '2025-03-01T09:00:00.000Z', referer: 'https://old.example/' }),
        clickEvent(a.id, { at: '2025-03-01T11:00:00.000Z', referer: 'https://new.example/' }),
        batch[0],
      ].map((c) => enricher.enrich(c)),
    );
    expect([later.inserted, later.duplicates]).toEqual([2, 1]);
    expect(
      await q(`SELECT first_seen, last_seen, click_count, last_referrer FROM ip_activity WHERE link_id = $1 AND ip = '81.2.69.160'`, [a.id]),
    ).toEqual([
      { first_seen: new Date('2025-03-01T09:00:00Z'), last_seen: new Date('2025-03-01T11:00:00Z'), click_count: 4, last_referrer: 'new.example' },
    ]);
    expect(await q(`SELECT click_count::int, last_click_at FROM link_stats WHERE link_id = $1`, [a.id])).toEqual([
      { click_count: 5, last_click_at: new Date('2025-03-01T11:00:00Z') },
    ]);

    // A click on a later day moves the record's last_seen to that day and adds to the month's running totals from it.
    await ingestClicks(db.dataSource, [enricher.enrich(clickEvent(a.id, { at: '2025-03-20T08:00:00.000Z' }))]);
    const [{ owner_id: ownerA }] = await q('SELECT owner_id FROM links WHERE id = $1', [a.id]);
    const [gbMonth] = await q(`SELECT cum FROM owner_geo_monthly WHERE owner_id = $1 AND country_code = 'GB' AND month = '2025-03-01'`, [ownerA]);
    expect(gbMonth.cum.map(Number)).toEqual([...Array(19).fill(4), ...Array(12).fill(5)]);
    expect(await q(`SELECT day::text, records::int FROM owner_ip_seen_daily WHERE owner_id = $1 AND records <> 0 ORDER BY day`, [ownerA])).toEqual([
      { day: '2025-03-01', records: 1 },
      { day: '2025-03-20', records: 1 },
    ]);
    expect(await ownerRollupsMismatches()).toEqual(NO_MISMATCH);
  });

  it('stores text with quotes, backslashes, braces and commas as sent, next to NULL places (the array literals)', async () => {
    const [link] = await insertLinks(db.dataSource, 1);
    const odd = 'Agent "quoted" C:\\path {a,b} NULL';
    const clicks = [
      clickEvent(link.id, { userAgent: odd, host: 'x.example', ip: '10.0.0.7' }), // private address: no place (NULLs)
      clickEvent(link.id, { userAgent: 'NULL', host: '"', ip: '81.2.69.160' }),
    ];
    await ingestClicks(
      db.dataSource,
      clicks.map((c) => enricher.enrich(c)),
    );
    expect(await q(`SELECT user_agent, host, country_code FROM clicks WHERE link_id = $1 ORDER BY ip`, [link.id])).toEqual([
      { user_agent: odd, host: 'x.example', country_code: null },
      { user_agent: 'NULL', host: '"', country_code: 'GB' },
    ]);
  });

  it('counts exactly once when concurrent calls race on overlapping batches (no deadlock)', async () => {
    await q(TRUNCATE_CLICK_DATA);
    const links = await insertLinks(db.dataSource, 20);
    const all = manyClicks(links, 3000).map((c) => enricher.enrich(c));
    // Four "workers", each given 1500 clicks at an offset: every click is delivered twice, in different batches.
    const batches = [0, 750, 1500, 2250].map((start) => [...all, ...all].slice(start, start + 1500));
    const results = await Promise.all(batches.map((b) => ingestClicks(db.dataSource, b)));
    expect(results.reduce((n, r) => n + r.inserted, 0)).toBe(3000);
    expect(results.reduce((n, r) => n + r.duplicates, 0)).toBe(3000);
    expect(await totals(db.dataSource)).toEqual(expectedTotals(3000));
    const perLink = await q(`SELECT click_count::int AS n FROM link_stats`);
    expect(perLink).toHaveLength(20);
    expect(perLink.every((r: { n: number }) => r.n === 150)).toBe(true);
    expect(await ownerRollupsMismatches()).toEqual(NO_MISMATCH);
  });

  it('leaves no orphan click when the link is deleted while a batch of it is being ingested', async () => {
    const [link] = await insertLinks(db.dataSource, 1);
    const batch = manyClicks([link], 20).map((c) => enricher.enrich(c));
    // The link deletion as the links projection does it: the links row, then its clicks and rollups, one transaction.
    const deleter = db.dataSource.createQueryRunner();
    await deleter.connect();
    await deleter.startTransaction();
    await deleter.query('DELETE FROM links WHERE id = $1', [link.id]);
    for (const table of [
      'clicks',
      'ip_activity',
      'link_geo_15m',
      'link_geo_daily',
      'link_tech_15m',
      'link_tech_daily',
      'link_clicks_15m',
      'link_clicks_daily',
      'link_stats',
    ]) {
      await deleter.query(`DELETE FROM ${table} WHERE link_id = $1`, [link.id]);
    }
    // The ingest read the link before the deletion commits: it must wait for it (FOR KEY SHARE), then skip the clicks.
    let settled = false;
    const ingest = ingestClicks(db.dataSource, batch).finally(() => (settled = true));
    await new Promise((r) => setTimeout(r, 500));
    expect(settled).toBe(false);
    await deleter.commitTransaction();
    await deleter.release();
    expect(await ingest).toEqual({ inserted: 0, duplicates: 0, skipped: 20, summaries: [] });
    expect(await q('SELECT count(*)::int AS n FROM clicks WHERE link_id = $1', [link.id])).toEqual([{ n: 0 }]);
    expect(await q('SELECT count(*)::int AS n FROM link_stats WHERE link_id = $1', [link.id])).toEqual([{ n: 0 }]);
    expect(await q('SELECT count(*)::int AS n FROM ip_activity WHERE link_id = $1', [link.id])).toEqual([{ n: 0 }]);
  });

  it.each([1, 2])(
    'groups concurrent submissions into shared transactions (%i lanes), crediting each click to exactly one submission',
    async (lanes) => {
      await q(TRUNCATE_CLICK_DATA);
      const links = await insertLinks(db.dataSource, 5);
      const all = manyClicks(links, 1000).map((c) => enricher.enrich(c));
      const committed: number[] = [];
      const ingester = createGroupedIngester(db.dataSource, { maxClicks: 600, lanes, onCommitted: (_s, n) => void committed.push(n) });
      const unknown = clickEvent(randomUUID());
      const shares = await Promise.all([
        ingester.submit(all.slice(0, 400)),
        ingester.submit(all.slice(300, 700)), // 100 clicks shared with the first
        ingester.submit([...all.slice(700, 1000), enricher.enrich(unknown)]),
        ingester.submit(all.slice(0, 50)), // already stored or in the same group
      ]);
      expect(shares.reduce((n, s) => n + s.inserted, 0)).toBe(1000);
      expect(shares.reduce((n, s) => n + s.duplicates, 0)).toBe(150);
      expect(shares[2].skipped).toBe(1);
      expect(committed.reduce((a, b) => a + b, 0)).toBe(1000);
      expect(committed.length).toBeLessThan(4 * lanes);
      expect(await totals(db.dataSource)).toEqual(expectedTotals(1000));
      expect(await ownerRollupsMismatches()).toEqual(NO_MISMATCH);
    },
  );
});
