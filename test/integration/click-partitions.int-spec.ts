import { randomUUID } from 'node:crypto';
import { createEnricher, ingestClicks } from '@app/clicks';
import { deleteExpiredClicks, ensureClickPartitions, listClickPartitions } from '@app/operations';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { clickEvent, insertLinks, manyClicks } from './worker-helpers.js';

/** The partitioned click log (migration PartitionedClicks): partitions, exactly-once ingest, retention, migration. */
let db: TestDatabase;
const q = (sql: string, params: unknown[] = []) => db.dataSource.query(sql, params);
const enricher = createEnricher();

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});
beforeEach(async () => {
  await q(
    'TRUNCATE clicks, link_stats, link_clicks_15m, link_clicks_daily, link_geo_15m, link_geo_daily, link_tech_15m, link_tech_daily, ip_activity, ips',
  );
});

const monthName = (d: Date) => `clicks_${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
const addMonths = (d: Date, n: number) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
const partitionOf = async (id: string) => (await q(`SELECT tableoid::regclass::text AS p FROM clicks WHERE id = $1`, [id]))[0]?.p;
const rollupSnapshot = async () => {
  const out: Record<string, unknown> = {};
  for (const t of [
    'link_stats',
    'link_clicks_15m',
    'link_clicks_daily',
    'link_geo_daily',
    // link_tech_daily changes shape when TechCombinations is undone (tech-combinations.int-spec checks that move).
    'ip_activity',
    'ips',
    'owner_clicks_daily',
  ]) {
    // Without last_bucket (derived from last_seen; IpLastBucket, a later migration, adds it and its down drops it),
    // and without today's per-day rows (DaysRolledUp, a later migration, moves them in on its down, out on its up).
    const today = /daily/.test(t) ? `WHERE day < (now() AT TIME ZONE 'UTC')::date` : '';
    // Ordered by the whole row: the first columns alone leave a link-day's places in whatever order the plan reads.
    out[t] = (await q(`SELECT * FROM ${t} r ${today} ORDER BY r`)).map(({ last_bucket: _, ...row }: Record<string, unknown>) => row);
  }
  return out;
};

describe('partitioned clicks', () => {
  it('is partitioned by month with this month and the next three created ahead, and a default partition', async () => {
    const now = new Date();
    const names = (await listClickPartitions(db.dataSource)).map((p) => p.name);
    for (let i = 0; i <= 3; i++) expect(names).toContain(monthName(addMonths(now, i)));
    const [{ strategy }] = await q(`SELECT partstrat AS strategy FROM pg_partitioned_table WHERE partrelid = 'clicks'::regclass`);
    expect(strategy).toBe('r');
    expect(
      await q(`SELECT relname FROM pg_class WHERE oid = (SELECT partdefid FROM pg_partitioned_table WHERE partrelid = 'clicks'::regclass)`),
    ).toEqual([{ relname: 'clicks_default' }]);
    const bounds = (await listClickPartitions(db.dataSource)).find((p) => p.name === monthName(now))!;
    expect(bounds.from.toISOString()).toBe(addMonths(now, 0).toISOString());
    expect(bounds.to.toISOString()).toBe(addMonths(now, 1).toISOString());
  });

  it('a re-delivered batch counts once, also for clicks that went to the default partition and moved out of it', async () => {
    const [link] = await insertLinks(db.dataSource, 1);
    const batch = [
      clickEvent(link.id),
      clickEvent(link.id, { at: '2024-02-29T23:59:59.999Z' }), // no partition yet: default
      clickEvent(link.id, { at: '2024-03-01T00:00:00.000Z' }),
    ].map((c) => enricher.enrich(c));
    expect((await ingestClicks(db.dataSource, batch)).inserted).toBe(3);
    expect(await partitionOf(batch[0].id)).toBe(monthName(new Date()));
    expect(await partitionOf(batch[1].id)).toBe('clicks_default');

    const rollups = await rollupSnapshot();
    expect(await ingestClicks(db.dataSource, batch)).toMatchObject({ inserted: 0, duplicates: 3 });
    expect(await rollupSnapshot()).toEqual(rollups);

    // The maintenance job gives the default partition's months their own partitions; the rows move with them.
    expect((await ensureClickPartitions(db.dataSource)).sort()).toEqual(['clicks_2024_02', 'clicks_2024_03']);
    expect(await partitionOf(batch[1].id)).toBe('clicks_2024_02');
    expect(await partitionOf(batch[2].id)).toBe('clicks_2024_03');
    expect(await q('SELECT count(*)::int AS n FROM clicks_default')).toEqual([{ n: 0 }]);
    // Vacuumed at once: every page of the moved rows all-visible (one link's reads stay index-only), and analyzed.
    expect(
      await q(`SELECT c.relname, c.relallvisible = c.relpages AS visible, s.last_analyze IS NOT NULL AS analyzed
                 FROM pg_class c JOIN pg_stat_user_tables s ON s.relid = c.oid
                WHERE c.relname IN ('clicks_2024_02', 'clicks_2024_03') ORDER BY 1`),
    ).toEqual([
      { relname: 'clicks_2024_02', visible: true, analyzed: true },
      { relname: 'clicks_2024_03', visible: true, analyzed: true },
    ]);
    expect(await ensureClickPartitions(db.dataSource)).toEqual([]);

    // Re-delivered once more after the move: still once.
    expect(await ingestClicks(db.dataSource, batch)).toMatchObject({ inserted: 0, duplicates: 3 });
    expect(await rollupSnapshot()).toEqual(rollups);
    expect(await q('SELECT count(*)::int AS n, count(DISTINCT id)::int AS ids FROM clicks')).toEqual([{ n: 3, ids: 3 }]);
  });

  it('retention drops whole months older than CLICK_RETENTION_DAYS and keeps the rollups', async () => {
    const [link] = await insertLinks(db.dataSource, 1);
    const day = 86_400_000;
    const old = [
      clickEvent(link.id, { at: new Date(Date.now() - 100 * day).toISOString() }),
      clickEvent(link.id, { at: new Date(Date.now() - 75 * day).toISOString() }),
    ];
    const recent = [clickEvent(link.id, { at: new Date(Date.now() - 29 * day).toISOString() }), clickEvent(link.id)];
    await ingestClicks(
      db.dataSource,
      [...old, ...recent].map((c) => enricher.enrich(c)),
    );
    await ensureClickPartitions(db.dataSource);
    const oldMonths = [...new Set(old.map((c) => monthName(new Date(c.at))))];
    const rollups = await rollupSnapshot();

    const result = await deleteExpiredClicks(db.dataSource, 30);
    expect(result.droppedPartitions).toEqual(expect.arrayContaining(oldMonths));
    expect(result.deletedFromDefault).toBe(0);
    const names = (await listClickPartitions(db.dataSource)).map((p) => p.name);
    for (const m of oldMonths) expect(names).not.toContain(m);
    expect(names).toContain(monthName(new Date(recent[0].at)));
    expect((await q('SELECT id FROM clicks ORDER BY clicked_at')).map((r: { id: string }) => r.id)).toEqual(recent.map((c) => c.id));
    expect(await rollupSnapshot()).toEqual(rollups);
    // Nothing left to drop: a second run changes nothing.
    expect(await deleteExpiredClicks(db.dataSource, 30)).toEqual({ droppedPartitions: [], deletedFromDefault: 0 });
  });
});

describe('migration PartitionedClicks', () => {
  it('indexes clicked_at alone only in clicks_default (retention), not in the months the live clicks go to; down restores it', async () => {
    const timeIndexes = () =>
      q(`SELECT tablename, indexname FROM pg_indexes WHERE (tablename = 'clicks' OR tablename LIKE 'clicks\\_%')
           AND indexdef LIKE '%(clicked_at)' ORDER BY tablename`);
    expect(await timeIndexes()).toEqual([{ tablename: 'clicks_default', indexname: 'clicks_default_time' }]);
    // Retention's delete from the default partition can read that index (this table is too small to prefer it).
    const plan = await db.dataSource.transaction(async (m) => {
      await m.query('SET LOCAL enable_seqscan = off');
      return (await m.query(`EXPLAIN (COSTS OFF) DELETE FROM clicks_default WHERE clicked_at < now() - interval '30 days'`)) as {
        'QUERY PLAN': string;
      }[];
    });
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('clicks_default_time');

    const applied = async () => (await q('SELECT name FROM migrations')).map((r: { name: string }) => r.name);
    while ((await applied()).includes('ClicksTimeDefaultOnly1766800000000')) await db.dataSource.undoLastMigration({ transaction: 'each' });
    const months = (await listClickPartitions(db.dataSource)).map((p) => p.name).sort();
    expect((await timeIndexes()).map((r: { tablename: string }) => r.tablename)).toEqual(['clicks', ...[...months, 'clicks_default'].sort()]);
    await db.dataSource.runMigrations({ transaction: 'each' });
    expect(await timeIndexes()).toEqual([{ tablename: 'clicks_default', indexname: 'clicks_default_time' }]);
  });

  it('moves every existing click into the partitioned table: same rows, unique ids, rollups untouched; down restores it', async () => {
    const links = await insertLinks(db.dataSource, 7);
    const clicks = manyClicks(links, 3000, Date.parse('2025-01-31T22:00:00Z')); // 5.8 hours, over two months
    clicks.push(...manyClicks(links, 500, Date.now() - 3_600_000)); // this month
    await ingestClicks(
      db.dataSource,
      clicks.map((c) => enricher.enrich(c)),
    );

    // The columns of the schema this test goes down to: `language` comes later (ClickLanguage) and is undone first.
    const columns = (
      await q(
        `SELECT column_name AS c FROM information_schema.columns WHERE table_name = 'clicks' AND column_name <> 'language' ORDER BY ordinal_position`,
      )
    )
      .map((r: { c: string }) => `c.${r.c}`)
      .join(', ');
    const rowsDigest = `SELECT count(*)::int AS n, count(DISTINCT id)::int AS ids,
      md5(string_agg(row(${columns})::text, '|' ORDER BY id)) AS digest FROM (SELECT * FROM clicks) c`;
    const partitioned = await q(rowsDigest);
    expect(partitioned[0]).toMatchObject({ n: 3500, ids: 3500 });
    const rollups = await rollupSnapshot();
    const clickIndexes = `SELECT indexname FROM pg_indexes WHERE tablename = 'clicks' ORDER BY 1`;
    const indexesAtHead = await q(clickIndexes);

    // Down: back to the plain table (what a database before this migration holds), same rows. Later migrations are
    // undone first, as a real rollback to before PartitionedClicks would.
    const applied = async () => (await q('SELECT name FROM migrations')).map((r: { name: string }) => r.name);
    while ((await applied()).includes('PartitionedClicks1765500000000')) await db.dataSource.undoLastMigration({ transaction: 'each' });
    expect(await q(`SELECT count(*)::int AS n FROM pg_partitioned_table WHERE partrelid = 'clicks'::regclass`)).toEqual([{ n: 0 }]);
    expect(await q(rowsDigest)).toEqual(partitioned);
    const indexes = await q(`SELECT indexname FROM pg_indexes WHERE tablename = 'clicks' ORDER BY 1`);
    expect(indexes).toEqual([{ indexname: 'clicks_link_time' }, { indexname: 'clicks_pkey' }, { indexname: 'clicks_time' }]);
    // One more click written while on the old schema (whose key is id alone).
    await q(`INSERT INTO clicks (id, link_id, owner_id, clicked_at, ip) VALUES ($1, $2, $3, now(), '10.1.2.3')`, [
      randomUUID(),
      links[0].id,
      links[0].ownerId,
    ]);
    const before = await q(rowsDigest);
    const rollupsBefore = await rollupSnapshot();

    // Up: the data-preserving move.
    await db.dataSource.runMigrations({ transaction: 'each' });
    const after = await q(rowsDigest);
    expect(after).toEqual(before);
    expect(after[0]).toMatchObject({ n: 3501, ids: 3501 });
    expect(await rollupSnapshot()).toEqual(rollupsBefore);
    expect(rollupsBefore).toEqual(rollups);
    expect(await q('SELECT count(*)::int AS n FROM clicks_default')).toEqual([{ n: 0 }]);
    const names = (await listClickPartitions(db.dataSource)).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['clicks_2025_01', 'clicks_2025_02', monthName(new Date())]));
    const perPartition = await q(`SELECT tableoid::regclass::text AS p, count(*)::int AS n FROM clicks GROUP BY 1 ORDER BY 1`);
    expect(perPartition.reduce((s: number, r: { n: number }) => s + r.n, 0)).toBe(3501);
    // Up again: every index of the newest schema is back (the ones migrations after PartitionedClicks add too).
    expect(await q(clickIndexes)).toEqual(indexesAtHead);
    // Every index of the old schema too, but clicks_time: ClicksTimeDefaultOnly keeps it on clicks_default alone.
    expect(indexesAtHead).toEqual(expect.arrayContaining(indexes.filter((i: { indexname: string }) => i.indexname !== 'clicks_time')));
  });
});
