import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { ConcurrencyError, EventStore, type Projection } from './index.js';

describe('EventStore (real Postgres)', () => {
  let db: TestDatabase;
  let store: EventStore;
  const seen: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    await db.dataSource.query('CREATE TABLE counters (id uuid PRIMARY KEY, n int NOT NULL)');
    const projection: Projection = {
      name: 'counters',
      tables: ['counters'],
      handles: (t) => t === 'counted',
      apply: async (m, e) => {
        await m.query('INSERT INTO counters VALUES ($1, 1) ON CONFLICT (id) DO UPDATE SET n = counters.n + 1', [e.streamId]);
      },
      afterCommit: async (e) => {
        seen.push(`${e.streamId}:${e.version}`);
      },
    };
    store = new EventStore(db.dataSource);
    store.register(projection);
  });
  afterAll(() => db.drop());

  it('appends with versions and projects in the same transaction', async () => {
    const id = randomUUID();
    await store.append('Counter', id, 0, [
      { type: 'counted', data: {} },
      { type: 'counted', data: {} },
    ]);
    const events = await store.load(id);
    expect(events.map((e) => e.version)).toEqual([1, 2]);
    const [row] = await db.dataSource.query('SELECT n FROM counters WHERE id = $1', [id]);
    expect(row.n).toBe(2);
    expect(seen).toContain(`${id}:2`);
  });

  it('rejects a stale expected version and leaves no trace of it', async () => {
    const id = randomUUID();
    await store.append('Counter', id, 0, [{ type: 'counted', data: {} }]);
    await expect(store.append('Counter', id, 0, [{ type: 'counted', data: {} }])).rejects.toBeInstanceOf(ConcurrencyError);
    const [row] = await db.dataSource.query('SELECT n FROM counters WHERE id = $1', [id]);
    expect(row.n).toBe(1);
  });

  it('lets exactly one of two racing writers win', async () => {
    const id = randomUUID();
    const results = await Promise.allSettled([
      store.append('Counter', id, 0, [{ type: 'counted', data: {} }]),
      store.append('Counter', id, 0, [{ type: 'counted', data: {} }]),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
  });

  it('appendMany: several streams in one transaction, versions per stream, each event projected and seen after commit', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const counted = { type: 'counted', data: {} };
    const stored = await store.appendMany([
      { streamType: 'Counter', streamId: a, expectedVersion: 0, events: [counted, counted], metadata: { requestId: 'batch' } },
      { streamType: 'Counter', streamId: b, expectedVersion: 0, events: [counted] },
    ]);
    expect(stored.map((e) => [e.streamId, e.version])).toEqual([
      [a, 1],
      [a, 2],
      [b, 1],
    ]);
    expect(stored.map((e) => e.position)).toEqual([...stored.map((e) => e.position)].sort((x, y) => x - y));
    expect(await db.dataSource.query('SELECT id, n FROM counters WHERE id = ANY($1) ORDER BY n', [[a, b]])).toEqual([
      { id: b, n: 1 },
      { id: a, n: 2 },
    ]);
    expect(seen).toEqual(expect.arrayContaining([`${a}:1`, `${a}:2`, `${b}:1`]));
  });

  it('appendMany is all or nothing: one stale stream leaves no event and no read-model row of the others', async () => {
    const [fresh, old] = [randomUUID(), randomUUID()];
    await store.append('Counter', old, 0, [{ type: 'counted', data: {} }]);
    await expect(
      store.appendMany([
        { streamType: 'Counter', streamId: fresh, expectedVersion: 0, events: [{ type: 'counted', data: {} }] },
        { streamType: 'Counter', streamId: old, expectedVersion: 0, events: [{ type: 'counted', data: {} }] },
      ]),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await store.load(fresh)).toEqual([]);
    expect(await db.dataSource.query('SELECT id, n FROM counters WHERE id = ANY($1)', [[fresh, old]])).toEqual([{ id: old, n: 1 }]);
  });

  it('rebuilds read models from the store with the same result', async () => {
    const before = await db.dataSource.query('SELECT id, n FROM counters ORDER BY id');
    await db.dataSource.query('UPDATE counters SET n = 999');
    const result = await store.rebuild();
    expect(result.events).toBeGreaterThanOrEqual(4);
    expect(await db.dataSource.query('SELECT id, n FROM counters ORDER BY id')).toEqual(before);
  });
});
