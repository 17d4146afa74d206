import { once } from 'node:events';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Writable } from 'node:stream';
import type { PoolClient } from 'pg';
import QueryStream from 'pg-query-stream';
import type { DataSource } from 'typeorm';
import { SqlParams } from '@app/database';
import { linkDtos, linkRowsSql, type LinkRow, type LinkSelection } from './link-read-store.js';

/** Rows a cursor fetch reads (one round trip to Postgres each). */
const BATCH = 500;
/** Rows turned into JSON and written at once; the event loop gets a turn between two slices. */
const SLICE = 100;

/**
 * The unpaged form of `GET /api/links` (no `limit`, docs/product.md#many-links): every matching link as one JSON array, read through a server-side
 * cursor (pg-query-stream, BATCH rows a fetch) and written with backpressure, so the api's memory stays flat
 * whatever the number of links. Rows are written SLICE at a time with a turn of the event loop after each: the rows
 * of a fetch arrive without any I/O wait between them, so without the turn a whole fetch's rows (and their JSON)
 * held every other request back (bench/links.js measures the slowest /api/health/live meanwhile). Owner names
 * (admins) are resolved once per slice.
 */
export async function streamLinks(dataSource: DataSource, s: Omit<LinkSelection, 'page'>, out: Writable): Promise<void> {
  const p = new SqlParams();
  const sql = linkRowsSql(s, p);
  const runner = dataSource.createQueryRunner();
  const client = (await runner.connect()) as PoolClient;
  try {
    const rows = client.query<QueryStream>(new QueryStream(sql, p.values, { batchSize: BATCH }));
    let batch: LinkRow[] = [];
    let first = true;
    const flush = async () => {
      const dtos = await linkDtos(batch, s);
      batch = [];
      if (dtos.length === 0) return;
      const text = (first ? '' : ',') + dtos.map((d) => JSON.stringify(d)).join(',');
      first = false;
      if (!out.write(text)) await drained(out);
      await nextTurn(); // other requests' I/O callbacks run here
    };
    if (!out.write('[')) await drained(out);
    for await (const row of rows as AsyncIterable<LinkRow>) {
      batch.push(row);
      if (batch.length >= SLICE) await flush();
    }
    await flush();
    out.end(']');
  } finally {
    await runner.release();
  }
}

/** Resolves when `out` takes more; throws when it closed first (the client went away: the cursor is closed). */
async function drained(out: Writable): Promise<void> {
  // the listener of the event that did not come is removed (it was left on `out` at every wait: hundreds per list)
  const waited = new AbortController();
  try {
    await Promise.race([once(out, 'drain', { signal: waited.signal }), once(out, 'close', { signal: waited.signal })]);
  } finally {
    waited.abort();
  }
  if (out.destroyed) throw new Error('The client closed the connection.');
}
