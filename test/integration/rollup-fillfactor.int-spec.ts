import { ROLLUP_TABLES as MANIFEST, type RollupTableName } from '@app/clicks';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { INGEST_STATEMENT } from '../../libs/clicks/src/ingest/ingest-statement.js';
// The migration's own frozen list, for its up/down test only; what every rollup needs comes from the manifest.
import { ROLLUP_FILLFACTOR, ROLLUP_TABLES } from '../../libs/database/src/migrations/1766700000000-rollup-fillfactor.js';

/**
 * Migration RollupFillfactor: every table the ingest adds counts to leaves room on its pages for the updates of its
 * rows (HOT updates: no new index entry per update). A rollup added to the ingest statement later without that room
 * fails here.
 */
let db: TestDatabase;
const MIGRATION = 'RollupFillfactor1766700000000';

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

/** fillfactor of each table, null when the table keeps the default (100). */
async function fillfactors(tables: string[]): Promise<Record<string, number | null>> {
  const rows = (await db.dataSource.query(
    `SELECT c.relname AS t, (SELECT split_part(o, '=', 2)::int FROM unnest(c.reloptions) o WHERE o LIKE 'fillfactor=%') AS ff
     FROM pg_class c WHERE c.relname = ANY($1) AND c.relkind = 'r'`,
    [tables],
  )) as { t: string; ff: number | null }[];
  return Object.fromEntries(rows.map((r) => [r.t, r.ff]));
}

it('every table the ingest statement upserts, and every rollup the triggers keep, has the room the manifest gives it', async () => {
  const names = Object.keys(MANIFEST) as RollupTableName[];
  const upserted = [...INGEST_STATEMENT.matchAll(/INSERT INTO (\w+) AS t/g)].map((m) => m[1]);
  expect(upserted.length).toBeGreaterThanOrEqual(9);
  const roomy = names.filter((t) => MANIFEST[t].fillfactor !== null);
  expect(roomy).toEqual(expect.arrayContaining(upserted));
  // The per-owner and IP summary rollups kept by the triggers: every table whose name says so is in the manifest.
  const triggered = (await db.dataSource.query(
    `SELECT relname FROM pg_class WHERE relkind = 'r' AND relname ~ '^(owner_|ip_|ips$|link_(clicks|geo|tech|stats))'`,
  )) as { relname: string }[];
  expect(names).toEqual(expect.arrayContaining(triggered.map((r) => r.relname)));
  expect(await fillfactors(names)).toEqual(Object.fromEntries(names.map((t) => [t, MANIFEST[t].fillfactor])));
  // The click log itself is only ever inserted into: its pages stay full.
  expect((await fillfactors(['clicks_default'])).clicks_default).toBeNull();
});

it('down returns the tables to full pages and up sets the room again', async () => {
  const applied = async () => ((await db.dataSource.query('SELECT name FROM migrations')) as { name: string }[]).map((r) => r.name);
  while ((await applied()).includes(MIGRATION)) await db.dataSource.undoLastMigration({ transaction: 'each' });
  expect(Object.values(await fillfactors(ROLLUP_TABLES))).toEqual(ROLLUP_TABLES.map(() => null));
  await db.dataSource.runMigrations({ transaction: 'each' });
  expect(Object.values(await fillfactors(ROLLUP_TABLES))).toEqual(ROLLUP_TABLES.map(() => ROLLUP_FILLFACTOR));
});
