import { createEnricher, ingestClicks, rollUpClosedDays, type EnrichedClick } from '@app/clicks';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { clickEvent, insertLinks, IPHONE, LINK_DIMS_MISMATCHES_SQL, monthlyGeoMismatchesSql, TRUNCATE_CLICK_DATA } from './worker-helpers.js';

/**
 * Migration DaysRolledUp: a UTC day reaches the per-day rollups once it has closed. The ingest writes them only for
 * late clicks (days before rollup_days.rolled_before); the day roll-up fills in the closed days from the 15-minute
 * rows, exactly once, also while ingests of the same day race it. The per-owner rollups follow through their triggers.
 */
const enricher = createEnricher();
let db: TestDatabase;
const q = (sql: string, params: unknown[] = []) => db.dataSource.query(sql, params);

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});
beforeEach(async () => {
  await q(`${TRUNCATE_CLICK_DATA}, links`);
  await q(`UPDATE rollup_days SET rolled_before = (now() AT TIME ZONE 'UTC')::date`);
});

const DAY = 86_400_000;
const todayUtc = () => new Date().toISOString().slice(0, 10);
/** The UTC date `n` days before today. */
const daysAgo = (n: number) => new Date(Date.parse(todayUtc()) - n * DAY).toISOString().slice(0, 10);
/** `count` clicks on `linkId` during UTC day `day` (from 01:00, a minute apart; today: only instants already past). */
function clicksOn(linkId: string, day: string, count: number): EnrichedClick[] {
  const start = Date.parse(`${day}T00:00:00Z`);
  const last = Math.min(start + DAY - 1, Date.now() - 1000);
  return Array.from({ length: count }, (_, i) =>
    enricher.enrich(clickEvent(linkId, { at: new Date(Math.min(start + 3_600_000 + i * 60_000, last)).toISOString(), userAgent: IPHONE })),
  );
}
const rolledBefore = async () => (await q('SELECT rolled_before::text AS d FROM rollup_days'))[0].d as string;
const perDay = (table: string) => q(`SELECT link_id, day::text, sum(clicks)::int AS clicks FROM ${table} GROUP BY 1, 2 ORDER BY 2, 1`);
/** The closed days' clicks in link_click_bits for one dimension (each click is in one bitmap per dimension). */
const BITS_DAILY = (dimension: string) => `(SELECT link_id, day, bit_count(bits) AS clicks FROM link_click_bits
    WHERE dimension = '${dimension}' AND day < (SELECT rolled_before FROM rollup_days)) d`;
/** Rows in which owner_geo_open_days differs from owner_geo_15m summed per day, for the days not rolled up. */
const OPEN_DAY_MISMATCHES = `
    + (SELECT count(*) FROM (
        (SELECT owner_id, (bucket AT TIME ZONE 'UTC')::date AS day, country_code, region, city, sum(clicks) FROM owner_geo_15m
          WHERE bucket >= ((SELECT rolled_before FROM rollup_days)::timestamp AT TIME ZONE 'UTC') GROUP BY 1, 2, 3, 4, 5 HAVING sum(clicks) <> 0
         EXCEPT SELECT owner_id, day, country_code, region, city, clicks FROM owner_geo_open_days)
        UNION ALL
        (SELECT owner_id, day, country_code, region, city, clicks FROM owner_geo_open_days WHERE clicks <> 0
         EXCEPT SELECT owner_id, (bucket AT TIME ZONE 'UTC')::date, country_code, region, city, sum(clicks) FROM owner_geo_15m
          WHERE bucket >= ((SELECT rolled_before FROM rollup_days)::timestamp AT TIME ZONE 'UTC') GROUP BY 1, 2, 3, 4, 5)) o)`;
/**
 * Per-owner rollups that differ from the per-link rows they are kept from (none when the triggers kept up); on the
 * current schema (`current`) also the per-link months (places and values), and open-day geography rows that differ from the 15-minute rows
 * of the days not rolled up (none left for a closed day).
 */
async function ownerMismatches({ current = true } = {}): Promise<number> {
  const [{ n }] = await q(`SELECT (
    (SELECT count(*) FROM (SELECT owner_id, day, sum(clicks) FROM link_clicks_daily GROUP BY 1, 2
                           EXCEPT SELECT owner_id, day, clicks FROM owner_clicks_daily) d)
    + (${monthlyGeoMismatchesSql('owner_geo_monthly', 'owner_id')})
    ${current ? `+ (${monthlyGeoMismatchesSql('link_geo_monthly', 'link_id')}) + (${LINK_DIMS_MISMATCHES_SQL}) ${OPEN_DAY_MISMATCHES}` : ''})::int AS n`);
  return n;
}

describe('day roll-up', () => {
  it('starts at today on a new database, and has nothing to do until the day closes', async () => {
    expect(await rolledBefore()).toBe(todayUtc());
    expect(await rollUpClosedDays(db.dataSource)).toEqual({ days: 0 });
  });

  it("keeps today's clicks in the 15-minute tables and writes a late click's day at once", async () => {
    const [link] = await insertLinks(db.dataSource, 1);
    await ingestClicks(db.dataSource, [...clicksOn(link.id, todayUtc(), 4), ...clicksOn(link.id, daysAgo(1), 3)]);
    // Yesterday is before rolled_before: those 3 are late clicks, counted in the per-day tables by the ingest itself.
    expect(await perDay('link_clicks_daily')).toEqual([{ link_id: link.id, day: daysAgo(1), clicks: 3 }]);
    expect(await perDay('link_geo_daily')).toEqual([{ link_id: link.id, day: daysAgo(1), clicks: 3 }]);
    expect(await perDay('link_tech_daily')).toEqual([{ link_id: link.id, day: daysAgo(1), clicks: 3 }]);
    for (const dimension of ['device', 'language']) {
      expect(await perDay(BITS_DAILY(dimension))).toEqual([{ link_id: link.id, day: daysAgo(1), clicks: 3 }]);
    }
    const [{ today }] = await q(
      `SELECT sum(clicks)::int AS today FROM link_clicks_15m WHERE bucket >= (now() AT TIME ZONE 'UTC')::date::timestamp AT TIME ZONE 'UTC'`,
    );
    expect(today).toBe(4);
    expect(await ownerMismatches()).toBe(0);
  });

  it('replays history day by day when told which day is today, as the bench seed does, with the same sums', async () => {
    const [link] = await insertLinks(db.dataSource, 1);
    await q(`UPDATE rollup_days SET rolled_before = $1::date`, [daysAgo(3)]);
    await ingestClicks(db.dataSource, clicksOn(link.id, daysAgo(3), 4));
    // "Today" is two days ago: only the day before it closes; the days from it on stay open.
    expect(await rollUpClosedDays(db.dataSource, daysAgo(2))).toEqual({ days: 1 });
    expect(await rolledBefore()).toBe(daysAgo(2));
    await ingestClicks(db.dataSource, clicksOn(link.id, daysAgo(2), 5));
    expect(await perDay('link_clicks_daily')).toEqual([{ link_id: link.id, day: daysAgo(3), clicks: 4 }]);
    expect(await rollUpClosedDays(db.dataSource, daysAgo(2))).toEqual({ days: 0 });

    expect(await rollUpClosedDays(db.dataSource)).toEqual({ days: 2 });
    expect(await perDay('link_clicks_daily')).toEqual([
      { link_id: link.id, day: daysAgo(3), clicks: 4 },
      { link_id: link.id, day: daysAgo(2), clicks: 5 },
    ]);
    expect(await ownerMismatches()).toBe(0);
  });

  it('rolls every closed day up once, with the per-owner rollups, and running it again changes nothing', async () => {
    const links = await insertLinks(db.dataSource, 2);
    await q(`UPDATE rollup_days SET rolled_before = $1::date`, [daysAgo(3)]);
    await ingestClicks(db.dataSource, [
      ...clicksOn(links[0].id, daysAgo(3), 5),
      ...clicksOn(links[1].id, daysAgo(2), 2),
      ...clicksOn(links[0].id, daysAgo(1), 7),
      ...clicksOn(links[1].id, todayUtc(), 6),
    ]);
    expect(await perDay('link_clicks_daily')).toEqual([]);

    expect(await rollUpClosedDays(db.dataSource)).toEqual({ days: 3 });
    expect(await rolledBefore()).toBe(todayUtc());
    const rolled = [
      { link_id: links[0].id, day: daysAgo(3), clicks: 5 },
      { link_id: links[1].id, day: daysAgo(2), clicks: 2 },
      { link_id: links[0].id, day: daysAgo(1), clicks: 7 },
    ];
    expect(await perDay('link_clicks_daily')).toEqual(rolled);
    expect(await perDay('link_geo_daily')).toEqual(rolled);
    expect(await perDay('link_tech_daily')).toEqual(rolled);
    for (const dimension of ['country_code', 'device', 'browser', 'os', 'referrer', 'language']) {
      expect([dimension, await perDay(BITS_DAILY(dimension))]).toEqual([dimension, rolled]);
    }
    expect(await ownerMismatches()).toBe(0);
    const [{ owner }] = await q(`SELECT sum(clicks)::int AS owner FROM owner_clicks_daily`);
    expect(owner).toBe(14);

    // Idempotent: the roll-up sets each per-day row to its day's 15-minute sum, so a second pass adds nothing.
    expect(await rollUpClosedDays(db.dataSource)).toEqual({ days: 0 });
    await q(`SELECT roll_up_days($1::date, $2::date)`, [daysAgo(3), todayUtc()]);
    expect(await perDay('link_clicks_daily')).toEqual(rolled);
    expect(await ownerMismatches()).toBe(0);
  });

  it('counts every late click of a day exactly once while the roll-up of that day races the ingests', async () => {
    const links = await insertLinks(db.dataSource, 4);
    await q(`UPDATE rollup_days SET rolled_before = $1::date`, [daysAgo(1)]);
    const batches = Array.from({ length: 12 }, (_, i) => clicksOn(links[i % 4].id, daysAgo(1), 40));
    const ingests = batches.map((b, i) => new Promise((r) => setTimeout(r, i * 15)).then(() => ingestClicks(db.dataSource, b)));
    const rollUp = new Promise((r) => setTimeout(r, 60)).then(() => rollUpClosedDays(db.dataSource));
    const [results, rolled] = await Promise.all([Promise.all(ingests), rollUp]);
    expect(results.reduce((n, r) => n + r.inserted, 0)).toBe(480);
    expect(rolled).toEqual({ days: 1 });
    const [{ n }] = await q(`SELECT coalesce(sum(clicks), 0)::int AS n FROM link_clicks_daily WHERE day = $1::date`, [daysAgo(1)]);
    expect(n).toBe(480);
    const [{ g }] = await q(`SELECT coalesce(sum(clicks), 0)::int AS g FROM link_geo_daily WHERE day = $1::date`, [daysAgo(1)]);
    expect(g).toBe(480);
    expect(await ownerMismatches()).toBe(0);
  });

  it('leaves out the links deleted before it runs', async () => {
    const links = await insertLinks(db.dataSource, 2);
    await q(`UPDATE rollup_days SET rolled_before = $1::date`, [daysAgo(1)]);
    await ingestClicks(db.dataSource, [...clicksOn(links[0].id, daysAgo(1), 3), ...clicksOn(links[1].id, daysAgo(1), 2)]);
    // The link row is gone and its 15-minute rows not yet (a deletion still in flight would wait for the roll-up).
    await q('DELETE FROM links WHERE id = $1', [links[1].id]);
    expect(await rollUpClosedDays(db.dataSource)).toEqual({ days: 1 });
    expect(await perDay('link_clicks_daily')).toEqual([{ link_id: links[0].id, day: daysAgo(1), clicks: 3 }]);
  });
});

describe('migration DaysRolledUp', () => {
  const applied = async () => (await q('SELECT name FROM migrations')).map((r: { name: string }) => r.name);

  it("down makes the per-day tables whole again; up takes today's rows back out", async () => {
    const [link] = await insertLinks(db.dataSource, 1);
    await q(`UPDATE rollup_days SET rolled_before = $1::date`, [daysAgo(2)]);
    await ingestClicks(db.dataSource, [
      ...clicksOn(link.id, daysAgo(2), 2),
      ...clicksOn(link.id, daysAgo(1), 3),
      ...clicksOn(link.id, todayUtc(), 4),
    ]);
    expect(await perDay('link_clicks_daily')).toEqual([]);

    while ((await applied()).includes('DaysRolledUp1766900000000')) await db.dataSource.undoLastMigration({ transaction: 'each' });
    const whole = [
      { link_id: link.id, day: daysAgo(2), clicks: 2 },
      { link_id: link.id, day: daysAgo(1), clicks: 3 },
      { link_id: link.id, day: todayUtc(), clicks: 4 },
    ];
    expect(await perDay('link_clicks_daily')).toEqual(whole);
    expect(await perDay('link_geo_daily')).toEqual(whole);
    expect(await perDay('link_tech_daily')).toEqual(whole);
    expect(await ownerMismatches({ current: false })).toBe(0);
    expect((await q(`SELECT to_regclass('rollup_days') AS t`))[0].t).toBeNull();

    await db.dataSource.runMigrations({ transaction: 'each' });
    expect(await rolledBefore()).toBe(todayUtc());
    expect(await perDay('link_clicks_daily')).toEqual(whole.slice(0, 2));
    expect(await ownerMismatches()).toBe(0);
  });
});
