import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { PoolClient } from 'pg';
import QueryStream from 'pg-query-stream';
import type { DataSource } from 'typeorm';
import { SqlParams } from '@app/database';
import { linkDtos, linkRowsSql, type LinkRow, type LinkSelection } from './link-read-store.js';

const BATCH = 500;

/**
 * The unpaged form of `GET /api/links` (no `limit`, docs/product.md#many-links): every matching link as one JSON array, read through a server-side
 * cursor (pg-query-stream, BATCH rows a fetch) and written with backpressure, so the api's memory stays flat
 * whatever the number of links and its event loop serves other requests between batches (bench/links.js measures
 * both). Owner names (admins) are resolved once per batch.
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
    };
    if (!out.write('[')) await drained(out);
    for await (const row of rows as AsyncIterable<LinkRow>) {
      batch.push(row);
      if (batch.length >= BATCH) await flush();
    }
    await flush();
    out.end(']');
  } finally {
    await runner.release();
  }
}

/** Resolves when `out` takes more; throws when it closed first (the client went away: the cursor is closed). */
async function drained(out: Writable): Promise<void> {
  await Promise.race([once(out, 'drain'), once(out, 'close')]);
  if (out.destroyed) throw new Error('The client closed the connection.');
}
