import { createEnricher, ingestClicks, type EnrichedClick } from '@app/clicks';
import { startTestApi, type TestApi } from '../helpers/test-api.js';
import { adminSession } from '../helpers/auth.js';
import { insertLinks, manyClicks } from './worker-helpers.js';

/**
 * Migration TechCombinations: the technology rollups hold one row per (browser, os, device, referrer) combination.
 * A database from before (one row per dimension and value) keeps every count, the link analytics read both kinds
 * of rows, and down restores the old rows exactly.
 */
let api: TestApi;
let admin: string;
const q = (sql: string, params: unknown[] = []) => api.dataSource.query(sql, params);
const enricher = createEnricher();
const MIGRATION = 'TechCombinations1766200000000';

beforeAll(async () => {
  api = await startTestApi();
  admin = await adminSession(api);
});
afterAll(async () => {
  await api?.close();
});

type Breakdowns = Record<'clicksByBrowser' | 'clicksByOs' | 'clicksByDevice' | 'clicksByReferrer', Map<string, number>>;

/** The oracle: each breakdown of the link analytics counted from the clicks themselves. */
function expected(clicks: EnrichedClick[]): Breakdowns {
  const count = (key: (c: EnrichedClick) => string) => {
    const m = new Map<string, number>();
    for (const c of clicks) m.set(key(c), (m.get(key(c)) ?? 0) + 1);
    return m;
  };
  return {
    clicksByBrowser: count((c) => c.browser || 'Unknown'),
    clicksByOs: count((c) => c.os || 'Unknown'),
    clicksByDevice: count((c) => c.device || 'Unknown'),
    clicksByReferrer: count((c) => c.referrer || 'Direct'),
  };
}

/** The breakdowns the api answers for 2025-03-01 in UTC (daily rows) and in India, UTC+5:30 (15-minute rows too). */
async function answered(linkId: string): Promise<Breakdowns[]> {
  const out: Breakdowns[] = [];
  for (const offset of [0, -330]) {
    const res = await api.call('GET', `/api/links/${linkId}/analytics?timezoneOffset=${offset}&startDate=2025-03-01&endDate=2025-03-01`, {
      session: admin,
    });
    expect(res.status).toBe(200);
    const map = (list: { name: string; count: number }[]) => new Map(list.map((x) => [x.name, x.count]));
    out.push({
      clicksByBrowser: map(res.body.clicksByBrowser),
      clicksByOs: map(res.body.clicksByOs),
      clicksByDevice: map(res.body.clicksByDevice),
      clicksByReferrer: map(res.body.clicksByReferrer),
    });
  }
  return out;
}

describe('migration TechCombinations', () => {
  it('keeps every count through down and up, and the analytics read old and new rows together', async () => {
    const [link] = await insertLinks(api.dataSource, 1);
    // 1,200 clicks 7 s apart from 03:00 UTC. India's 2025-03-01 (18:30 to 18:30 UTC) holds no whole UTC day, so it
    // is read from the 15-minute rows alone, and UTC's from the daily rows alone.
    const base = Date.parse('2025-03-01T03:00:00Z');
    const first = manyClicks([link], 1200, base).map((c) => enricher.enrich(c));
    expect((await ingestClicks(api.dataSource, first)).inserted).toBe(1200);
    // One daily row per combination seen.
    const combinations = new Set(first.map((c) => [c.browser ?? '', c.os ?? '', c.device ?? '', c.referrer ?? ''].join('|')));
    expect(await q(`SELECT count(*)::int AS n FROM link_tech_daily WHERE link_id = $1`, [link.id])).toEqual([{ n: combinations.size }]);
    expect(await answered(link.id)).toEqual([expected(first), expected(first)]);

    // Down: the per-dimension rows of a database before the migration, each dimension summing to the clicks.
    const applied = async () => (await q('SELECT name FROM migrations')).map((r: { name: string }) => r.name);
    while ((await applied()).includes(MIGRATION)) await api.dataSource.undoLastMigration({ transaction: 'each' });
    const perDimension = `SELECT dimension, sum(clicks)::int AS clicks FROM link_tech_daily WHERE link_id = $1 GROUP BY 1 ORDER BY 1`;
    expect(await q(perDimension, [link.id])).toEqual(['browser', 'device', 'os', 'referrer'].map((dimension) => ({ dimension, clicks: 1200 })));
    const [{ chrome }] = await q(
      `SELECT sum(clicks)::int AS chrome FROM link_tech_15m WHERE link_id = $1 AND dimension = 'browser' AND value = 'Chrome'`,
      [link.id],
    );
    expect(chrome).toBe(first.filter((c) => c.browser === 'Chrome').length);

    // Up: each old row becomes a combination naming its one dimension; the answers are the same.
    await api.dataSource.runMigrations({ transaction: 'each' });
    expect(await applied()).toContain(MIGRATION);
    for (const table of ['link_tech_15m', 'link_tech_daily']) {
      expect(await q(`SELECT count(*)::int AS n FROM ${table} WHERE num_nonnulls(browser, os, device, referrer) <> 1`)).toEqual([{ n: 0 }]);
    }
    expect(await answered(link.id)).toEqual([expected(first), expected(first)]);

    // New clicks after the migration land in full combinations beside the old rows; the answers count both.
    const second = manyClicks([link], 600, base + 1200 * 7_000).map((c) => enricher.enrich(c));
    expect((await ingestClicks(api.dataSource, second)).inserted).toBe(600);
    expect(
      await q(`SELECT count(*)::int AS n FROM link_tech_daily WHERE link_id = $1 AND num_nonnulls(browser, os, device, referrer) = 4`, [link.id]),
    ).not.toEqual([{ n: 0 }]);
    const all = [...first, ...second];
    expect(await answered(link.id)).toEqual([expected(all), expected(all)]);
  });
});
