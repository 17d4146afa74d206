import { Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import QueryStream from 'pg-query-stream';
import type { PoolClient } from 'pg';
import type { DataSource } from 'typeorm';
import { AppError, type ClickFilters, type LinkExportFormat, type RawClickDto } from '@app/contracts';
import { csvCell } from './csv.js';
import { scopeSql, type Scope } from '../scope.js';
import { SqlParams } from '../sql-params.js';
import { hasFilters, rawClickFilterSql } from '../filters/click-filters.js';

/** CSV columns of a raw-clicks export, in RawClickDto's order. */
export const RAW_CLICK_COLUMNS: (keyof RawClickDto)[] = ['id', 'at', 'country', 'city', 'device', 'browser', 'os', 'referrer', 'isBot'];
const BATCH = 1000;

/** A `clicks` row as selected below: the DTO's columns under their own names, plus the two Postgres spells differently. */
type ClickRow = Pick<RawClickDto, 'id' | 'country' | 'city' | 'device' | 'browser' | 'os' | 'referrer'> & { clicked_at: Date; is_bot: boolean };
const toDto = (r: ClickRow): RawClickDto => ({
  id: r.id,
  at: r.clicked_at.toISOString(),
  country: r.country,
  city: r.city,
  device: r.device,
  browser: r.browser,
  os: r.os,
  referrer: r.referrer,
  isBot: r.is_bot,
});

/** 404 unless the link exists and is in the caller's workspace scope (the admin's every-workspace view: any link). */
export async function assertLinkInScope(dataSource: DataSource, scope: Scope, linkId: string): Promise<void> {
  const p = new SqlParams();
  const where = `id = ${p.add(linkId)}::uuid AND ${scopeSql(scope, p)}`;
  const ok = /^[0-9a-f-]{36}$/i.test(linkId) && (await dataSource.query<unknown[]>(`SELECT 1 FROM links WHERE ${where}`, p.values)).length > 0;
  if (!ok) throw new AppError(404, 'Link not found.');
}

/**
 * `GET /api/links/{id}/clicks` (docs/product.md#imports-and-exports): a link's raw clicks, oldest first, bots marked, streamed from a
 * server-side cursor (pg-query-stream, 1 000 rows a fetch) through backpressure to `out`: memory stays flat
 * whatever the count. CSV cells are neutralised like every other export. Under filters, only the non-bot clicks
 * that match (docs/architecture.md, "Analytics filters").
 */
export async function streamRawClicks(
  dataSource: DataSource,
  linkId: string,
  range: { from: Date; to: Date } | null,
  format: LinkExportFormat,
  out: Writable,
  filters: ClickFilters = {},
): Promise<void> {
  const runner = dataSource.createQueryRunner('slave');
  const client = (await runner.connect()) as PoolClient;
  try {
    const p = new SqlParams();
    let where = `link_id = ${p.add(linkId)}`;
    if (range) where += ` AND clicked_at >= ${p.add(range.from)} AND clicked_at < ${p.add(range.to)}`;
    if (hasFilters(filters)) where += ` AND NOT is_bot AND ${rawClickFilterSql(filters, p)}`;
    const params = p.values;
    const rows = client.query(
      new QueryStream(
        `SELECT id, clicked_at, country, city, device, browser, os, referrer, is_bot FROM clicks WHERE ${where} ORDER BY clicked_at, id`,
        params,
        { batchSize: BATCH },
      ),
    );
    await pipeline(rows, format === 'csv' ? csvTransform() : jsonTransform(), out);
  } finally {
    await runner.release();
  }
}

function csvTransform(): Transform {
  let first = true;
  return new Transform({
    writableObjectMode: true,
    transform(row: ClickRow, _enc, cb) {
      const head = first ? RAW_CLICK_COLUMNS.map(csvCell).join(',') + '\r\n' : '';
      first = false;
      const dto = toDto(row);
      cb(null, head + RAW_CLICK_COLUMNS.map((c) => csvCell(dto[c])).join(',') + '\r\n');
    },
    flush(cb) {
      cb(null, first ? RAW_CLICK_COLUMNS.map(csvCell).join(',') + '\r\n' : '');
    },
  });
}

function jsonTransform(): Transform {
  let first = true;
  return new Transform({
    writableObjectMode: true,
    transform(row: ClickRow, _enc, cb) {
      cb(null, (first ? '[' : ',') + JSON.stringify(toDto(row)));
      first = false;
    },
    flush(cb) {
      cb(null, first ? '[]' : ']');
    },
  });
}
