import { createEnricher, ingestClicks, type EnrichedClick } from '@app/clicks';
import { GetIpSummaryHandler, GetIpSummaryQuery, GetRecentIpActivityHandler, GetRecentIpActivityQuery } from '@app/analytics';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { clickEvent, DAYS_ROLLED_UP_STAND_IN, DROP_DAYS_ROLLED_UP_STAND_IN, insertLinks } from './worker-helpers.js';

/**
 * Migration IpLastBucket: ip_activity and ips are indexed by last_bucket (last_seen's UTC 15-minute floor) instead of
 * last_seen, so a click in the same 15 minutes as the row's newest one updates it without an index entry (HOT). The
 * Recent IP Activity pages and the admin's recent IPs stay exact: newest first (ties by ip, then link), the 7-day
 * edge cut at last_seen inside its bucket, through the migration's down and up.
 */
const MINUTE = 60_000;
const DAY = 86_400_000;
const MIGRATION = 'IpLastBucket1766600000000';
/** Now: 7 minutes 30 seconds into a 15-minute bucket, so the 7-day edge cuts a bucket in two. */
const NOW = new Date(Date.parse('2025-06-10T12:07:30.000Z'));
const SINCE = NOW.getTime() - 7 * DAY;

const enricher = createEnricher();
let db: TestDatabase;
const q = (sql: string, params: unknown[] = []) => db.dataSource.query(sql, params);
let linksA: { id: string; ownerId: string }[];
let linksB: { id: string; ownerId: string }[];
const stored: EnrichedClick[] = [];

const click = (linkId: string, ip: string, atMs: number) => enricher.enrich(clickEvent(linkId, { ip, at: new Date(atMs).toISOString() }));

async function ingest(clicks: EnrichedClick[]): Promise<void> {
  expect((await ingestClicks(db.dataSource, clicks)).inserted).toBe(clicks.length);
  stored.push(...clicks);
}

/** Per (ip, link): clicks and newest instant, for the owner (null: everyone), seen since SINCE, newest first. */
function expectedActivity(ownerId: string | null) {
  const rows = new Map<string, { ipAddress: string; linkId: string; clickCount: number; last: number }>();
  const owners = new Map([...linksA, ...linksB].map((l) => [l.id, l.ownerId]));
  for (const c of stored) {
    if (ownerId !== null && owners.get(c.linkId) !== ownerId) continue;
    const key = `${c.ip}|${c.linkId}`;
    const row = rows.get(key) ?? { ipAddress: c.ip, linkId: c.linkId, clickCount: 0, last: 0 };
    row.clickCount++;
    row.last = Math.max(row.last, Date.parse(c.at));
    rows.set(key, row);
  }
  return [...rows.values()]
    .filter((r) => r.last >= SINCE)
    .sort((a, b) => b.last - a.last || (a.ipAddress < b.ipAddress ? -1 : a.ipAddress > b.ipAddress ? 1 : 0) || (a.linkId < b.linkId ? -1 : 1))
    .map(({ ipAddress, linkId, clickCount, last }) => ({ ipAddress, linkId, clickCount, lastSeen: new Date(last).toISOString() }));
}

const scope = (ownerId: string | null) => ({ workspaceId: ownerId ?? '', everyWorkspace: ownerId === null });

/** Every page of Recent IP Activity, `limit` records at a time, as (ip, link, clicks, last seen); and the total. */
async function answeredActivity(ownerId: string | null, limit: number) {
  const handler = new GetRecentIpActivityHandler(db.dataSource);
  const first = await handler.execute(new GetRecentIpActivityQuery(scope(ownerId), 7, 1, limit, NOW));
  const data = [...first.data];
  for (let page = 2; page <= first.totalPages; page++) {
    data.push(...(await handler.execute(new GetRecentIpActivityQuery(scope(ownerId), 7, page, limit, NOW))).data);
  }
  return {
    total: first.total,
    rows: data.map(({ ipAddress, linkId, clickCount, lastSeen }) => ({ ipAddress, linkId, clickCount, lastSeen })),
  };
}

/** The admin summary's recent IPs (newest first, ties by ip) and their total, against the clicks. */
async function expectRecentIps(): Promise<void> {
  const last = new Map<string, number>();
  for (const c of stored) last.set(c.ip, Math.max(last.get(c.ip) ?? 0, Date.parse(c.at)));
  const recent = [...last]
    .filter(([, at]) => at >= SINCE)
    .sort(([ipA, a], [ipB, b]) => b - a || (ipA < ipB ? -1 : 1))
    .map(([ip, at]) => [ip, new Date(at).toISOString()]);
  const summary = await new GetIpSummaryHandler(db.dataSource).execute(new GetIpSummaryQuery(0, NOW));
  expect(summary.totalRecentIPs).toBe(recent.length);
  expect(summary.recentIPs.map((r) => [r.ipAddress, r.lastSeen])).toEqual(recent);
}

/** Rows of the table, and how many of them have a last_bucket other than last_seen's UTC 15-minute floor. */
async function bucketCheck(table: string): Promise<{ rows: number; off: number }> {
  const [row] = await q(
    `SELECT count(*)::int AS rows, count(*) FILTER (WHERE last_bucket IS DISTINCT FROM date_bin('15 minutes', last_seen, timestamptz 'epoch'))::int AS off FROM ${table}`,
  );
  return row;
}

async function expectExactReads(): Promise<void> {
  const ownerA = linksA[0].ownerId;
  for (const [ownerId, limit] of [
    [ownerA, 7],
    [ownerA, 50],
    [null, 9],
  ] as const) {
    const expected = expectedActivity(ownerId);
    const answered = await answeredActivity(ownerId, limit);
    expect(answered.total).toBe(expected.length);
    expect(answered.rows).toEqual(expected);
  }
  await expectRecentIps();
}

beforeAll(async () => {
  db = await createTestDatabase();
  linksA = await insertLinks(db.dataSource, 3);
  linksB = await insertLinks(db.dataSource, 1);
  const [a1, a2, a3] = linksA.map((l) => l.id);
  const b1 = linksB[0].id;
  // At the 7-day edge, inside the bucket it cuts: one minute after (recent) and one minute before (not).
  await ingest([click(a1, '10.0.1.101', SINCE + MINUTE), click(a1, '10.0.1.102', SINCE - MINUTE), click(b1, '10.0.1.103', SINCE + 2 * MINUTE)]);
  // Later on the edge's (partial) UTC day: at the next bucket's first instant, 3 hours and 11 hours later.
  await ingest([
    click(a2, '10.0.1.104', SINCE + 7.5 * MINUTE),
    click(a3, '10.0.1.105', SINCE + 180 * MINUTE),
    click(b1, '10.0.1.106', SINCE + 660 * MINUTE),
  ]);
  // Forty addresses over three links of A and B's link, one click every 97 minutes back from 1 hour ago; every
  // fifth pair shares its instant with the next address's (ties ordered by ip, then link).
  const spread: EnrichedClick[] = [];
  for (let i = 0; i < 40; i++) {
    const at = NOW.getTime() - 60 * MINUTE - Math.floor(i / 2) * 97 * MINUTE - (i % 5 === 0 ? 0 : i * 1000);
    spread.push(click([a1, a2, a3, b1][i % 4], `10.0.2.${110 + i}`, at));
    if (i % 3 === 0) spread.push(click(a2, `10.0.2.${110 + i}`, at));
  }
  await ingest(spread);
  // Seen 10 days ago (not recent), then again 2 hours ago: moved into the window by the later click.
  await ingest([click(a3, '10.0.1.120', NOW.getTime() - 10 * DAY), click(a3, '10.0.1.121', NOW.getTime() - 10 * DAY)]);
  await ingest([click(a3, '10.0.1.120', NOW.getTime() - 2 * 3_600_000)]);
});
afterAll(async () => {
  await db?.drop();
});

describe('ip_activity and ips by last_bucket', () => {
  it('keep last_bucket as the UTC 15-minute floor of last_seen', async () => {
    for (const table of ['ip_activity', 'ips']) {
      const { rows, off } = await bucketCheck(table);
      expect(rows).toBeGreaterThan(40);
      expect(off).toBe(0);
    }
  });

  it('answer Recent IP Activity and the recent IPs exactly: newest first, paged, cut at the 7-day edge', async () => {
    const recent = expectedActivity(linksA[0].ownerId).map((r) => r.ipAddress);
    expect(recent).toContain('10.0.1.101');
    expect(recent).not.toContain('10.0.1.102');
    expect(recent).toContain('10.0.1.120');
    expect(recent).not.toContain('10.0.1.121');
    await expectExactReads();
  });

  it('update a row without an index entry (HOT) when the click is in the same 15 minutes as its newest one', async () => {
    // Ten addresses seen again 1 second after their last click, in the same bucket (none sits at a bucket's end).
    const last = new Map<string, EnrichedClick>();
    for (const c of stored) if (Date.parse(c.at) > Date.parse(last.get(c.ip)?.at ?? '1970-01-01')) last.set(c.ip, c);
    const again = [...last.values()]
      .filter((c) => Date.parse(c.at) % (15 * MINUTE) < 14 * MINUTE)
      .slice(0, 10)
      .map((c) => click(c.linkId, c.ip, Date.parse(c.at) + 1000));
    expect(again).toHaveLength(10);
    const runner = db.dataSource.createQueryRunner();
    await runner.connect();
    // The backend's update counts before and after (pg_stat_xact_* also holds what it has not reported yet).
    type Counts = { relname: string; updated: number; hot: number };
    const counts = async () =>
      new Map<string, Counts>(
        (
          await runner.query(
            `SELECT relname, n_tup_upd::int AS updated, n_tup_hot_upd::int AS hot FROM pg_stat_xact_user_tables WHERE relname IN ('ip_activity', 'ips')`,
          )
        ).map((r: Counts) => [r.relname, r]),
      );
    try {
      await runner.startTransaction();
      const before = await counts();
      // ingestClicks' transaction becomes a savepoint of this one.
      expect((await ingestClicks({ transaction: (fn: never) => runner.manager.transaction(fn) } as never, again)).inserted).toBe(10);
      const after = await counts();
      await runner.commitTransaction();
      for (const table of ['ip_activity', 'ips']) {
        const [b, a] = [before.get(table) ?? { updated: 0, hot: 0 }, after.get(table)!];
        expect([table, a.updated - b.updated, a.hot - b.hot]).toEqual([table, 10, 10]);
      }
    } finally {
      await runner.release();
    }
    stored.push(...again);
    await expectExactReads();
  });

  it('stay exact through the migration down (last_seen indexes, clicks ingested) and up again', async () => {
    const applied = async () => (await q('SELECT name FROM migrations')).map((r: { name: string }) => r.name);
    while ((await applied()).includes(MIGRATION)) await db.dataSource.undoLastMigration({ transaction: 'each' });
    expect((await q(`SELECT to_regclass('ip_activity_owner_seen') AS i`))[0].i).toBe('ip_activity_owner_seen');
    await q(DAYS_ROLLED_UP_STAND_IN);
    await ingest([click(linksA[0].id, '10.0.1.130', NOW.getTime() - 5 * MINUTE), click(linksA[1].id, '10.0.1.101', NOW.getTime() - 3 * MINUTE)]);
    await q(DROP_DAYS_ROLLED_UP_STAND_IN);
    await db.dataSource.runMigrations({ transaction: 'each' });
    expect(await applied()).toContain(MIGRATION);
    for (const table of ['ip_activity', 'ips']) expect((await bucketCheck(table)).off).toBe(0);
    await expectExactReads();
  });
});
