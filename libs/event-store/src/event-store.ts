import type { DataSource, EntityManager } from 'typeorm';
import { ConcurrencyError, isUniqueViolation } from './errors.js';
import type { DomainEvent } from './aggregate.js';
import type { Projection } from './projection.js';
import type { EventMetadata, StoredEvent } from './stored-event.js';

interface EventRow {
  position: string;
  stream_type: string;
  stream_id: string;
  version: number;
  type: string;
  data: any;
  metadata: EventMetadata;
  occurred_at: Date;
}

const toStored = (r: EventRow): StoredEvent => ({
  position: Number(r.position),
  streamType: r.stream_type,
  streamId: r.stream_id,
  version: r.version,
  type: r.type,
  data: r.data,
  metadata: r.metadata,
  occurredAt: r.occurred_at,
});

/** One stream's new events for `appendMany`. */
export interface StreamAppend {
  streamType: string;
  streamId: string;
  expectedVersion: number;
  events: DomainEvent[];
  metadata?: EventMetadata;
}

/**
 * Append-only event store on Postgres `events` with optimistic concurrency (unique stream_id + version).
 * Registered projections update read models in the same transaction as the append.
 */
export class EventStore {
  private readonly projections: Projection[] = [];

  constructor(
    private readonly dataSource: DataSource,
    private readonly onError: (msg: string, err: unknown) => void = () => {},
  ) {}

  register(projection: Projection): void {
    if (!this.projections.some((p) => p.name === projection.name)) this.projections.push(projection);
  }

  async load(streamId: string, manager: EntityManager = this.dataSource.manager): Promise<StoredEvent[]> {
    const rows = await manager.query<EventRow[]>('SELECT * FROM events WHERE stream_id = $1 ORDER BY version', [streamId]);
    return rows.map(toStored);
  }

  /** The events of several streams in one query (bulk actions load 500 links at a time), each stream in version order. */
  async loadMany(streamIds: readonly string[]): Promise<Map<string, StoredEvent[]>> {
    const out = new Map<string, StoredEvent[]>();
    if (streamIds.length === 0) return out;
    const rows = await this.dataSource.query<EventRow[]>('SELECT * FROM events WHERE stream_id = ANY($1::uuid[]) ORDER BY stream_id, version', [
      streamIds,
    ]);
    for (const row of rows) {
      const e = toStored(row);
      const list = out.get(e.streamId);
      if (list) list.push(e);
      else out.set(e.streamId, [e]);
    }
    return out;
  }

  /**
   * The events made in one workspace (metadata.workspaceId), newest first, a page at a time, with their total: the
   * workspace's activity feed (index `events_workspace_activity`).
   */
  async loadWorkspaceActivity(workspaceId: string, limit: number, offset: number): Promise<{ events: StoredEvent[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.dataSource.query<EventRow[]>(`SELECT * FROM events WHERE metadata->>'workspaceId' = $1 ORDER BY position DESC LIMIT $2 OFFSET $3`, [
        workspaceId,
        limit,
        offset,
      ]),
      this.dataSource.query<{ n: string }[]>(`SELECT count(*) AS n FROM events WHERE metadata->>'workspaceId' = $1`, [workspaceId]),
    ]);
    return { events: rows.map(toStored), total: Number(count[0].n) };
  }

  /**
   * Appends events after `expectedVersion` (0 for a new stream) and applies projections, all in one transaction.
   * Throws ConcurrencyError when the stream moved on; projection errors (e.g. a unique read-model index) roll back all.
   */
  async append(
    streamType: string,
    streamId: string,
    expectedVersion: number,
    events: DomainEvent[],
    metadata: EventMetadata = {},
  ): Promise<StoredEvent[]> {
    if (events.length === 0) return [];
    const stored = await this.dataSource.transaction(async (manager) => {
      const out: StoredEvent[] = [];
      let version = expectedVersion;
      for (const event of events) {
        version++;
        let rows: EventRow[];
        try {
          rows = await manager.query<EventRow[]>(
            `INSERT INTO events (stream_type, stream_id, version, type, data, metadata)
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
            [streamType, streamId, version, event.type, JSON.stringify(event.data ?? {}), JSON.stringify(metadata)],
          );
        } catch (err) {
          if (isUniqueViolation(err, 'events_stream_version')) throw new ConcurrencyError(streamId, expectedVersion);
          throw err;
        }
        const e = toStored(rows[0]);
        await this.project(manager, e);
        out.push(e);
      }
      return out;
    });
    for (const e of stored) await this.runAfterCommit(e);
    return stored;
  }

  /**
   * Appends the events of several streams in ONE transaction (one INSERT for all of them), then projects them: each
   * projection sees the whole batch in order (`applyMany`, or `apply` per event), so each stream gets exactly the
   * events and read-model rows `append` would give it. All or nothing: one stream's concurrency or unique-index
   * error rolls back the whole batch (the caller may retry its streams one by one to learn which one failed).
   */
  async appendMany(appends: StreamAppend[]): Promise<StoredEvent[]> {
    const rows = appends.flatMap((a) =>
      a.events.map((event, i) => [
        a.streamType,
        a.streamId,
        a.expectedVersion + i + 1,
        event.type,
        JSON.stringify(event.data ?? {}),
        JSON.stringify(a.metadata ?? {}),
      ]),
    );
    if (rows.length === 0) return [];
    const col = (i: number) => rows.map((r) => r[i]);
    const stored = await this.dataSource.transaction(async (manager) => {
      let inserted: EventRow[];
      try {
        inserted = await manager.query<EventRow[]>(
          `INSERT INTO events (stream_type, stream_id, version, type, data, metadata)
           SELECT a, b, c, d, e, f FROM unnest($1::text[], $2::uuid[], $3::int[], $4::text[], $5::jsonb[], $6::jsonb[])
             WITH ORDINALITY AS t(a, b, c, d, e, f, n) ORDER BY n
           RETURNING *`,
          [col(0), col(1), col(2), col(3), col(4), col(5)],
        );
      } catch (err) {
        if (isUniqueViolation(err, 'events_stream_version')) throw new ConcurrencyError(String(appends[0].streamId), appends[0].expectedVersion);
        throw err;
      }
      const out = inserted.map(toStored).sort((a, b) => a.position - b.position);
      for (const p of this.projections) {
        const mine = out.filter((e) => p.handles(e.type));
        if (mine.length === 0) continue;
        if (p.applyMany) await p.applyMany(manager, mine);
        else for (const e of mine) await p.apply(manager, e);
      }
      return out;
    });
    for (const p of this.projections) {
      const mine = stored.filter((e) => p.handles(e.type));
      if (mine.length === 0) continue;
      if (p.afterCommitMany) await p.afterCommitMany(mine).catch((err) => this.onError(`projection ${p.name} afterCommit failed`, err));
      else if (p.afterCommit)
        for (const e of mine) await p.afterCommit(e).catch((err) => this.onError(`projection ${p.name} afterCommit failed`, err));
    }
    return stored;
  }

  /** Empties every projection's tables and replays the whole store into them, in one transaction. */
  async rebuild(): Promise<{ events: number; projections: string[] }> {
    let count = 0;
    await this.dataSource.transaction(async (manager) => {
      const tables = [...new Set(this.projections.flatMap((p) => p.tables))];
      if (tables.length) await manager.query<unknown>(`TRUNCATE ${tables.map((t) => `"${t}"`).join(', ')}`);
      let after = 0;
      for (;;) {
        const rows = await manager.query<EventRow[]>('SELECT * FROM events WHERE position > $1 ORDER BY position LIMIT 1000', [after]);
        if (rows.length === 0) break;
        for (const row of rows) {
          const e = toStored(row);
          await this.project(manager, e);
          after = e.position;
          count++;
        }
      }
    });
    for (const p of this.projections) {
      try {
        await p.afterRebuild?.();
      } catch (err) {
        this.onError(`projection ${p.name} afterRebuild failed`, err);
      }
    }
    return { events: count, projections: this.projections.map((p) => p.name) };
  }

  private async project(manager: EntityManager, event: StoredEvent): Promise<void> {
    for (const p of this.projections) if (p.handles(event.type)) await p.apply(manager, event);
  }

  private async runAfterCommit(event: StoredEvent): Promise<void> {
    for (const p of this.projections) {
      if (!p.handles(event.type) || !p.afterCommit) continue;
      try {
        await p.afterCommit(event);
      } catch (err) {
        this.onError(`projection ${p.name} afterCommit failed`, err);
      }
    }
  }
}
