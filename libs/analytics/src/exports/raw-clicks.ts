import type { Writable } from 'node:stream';
import type { DataSource } from 'typeorm';
import { AppError, type ClickFilters, type LinkExportFormat, type RawClickDto } from '@app/contracts';
import { csvCell } from './csv.js';
import { scopeSql, type Scope } from '../scope.js';
import { SqlParams } from '../sql-params.js';
import { hasFilters, rawClickFilterSql } from '../filters/click-filters.js';
import type { ReadGate } from '../read-gate.js';

/** CSV columns of a raw-clicks export, in RawClickDto's order. */
export const RAW_CLICK_COLUMNS: (keyof RawClickDto)[] = ['id', 'at', 'country', 'city', 'device', 'browser', 'os', 'referrer', 'language', 'isBot'];
const BATCH = 1000;

/** A `clicks` row as selected below: the DTO's columns under their own names, plus the two Postgres spells differently. */
type ClickRow = Pick<RawClickDto, 'id' | 'country' | 'city' | 'device' | 'browser' | 'os' | 'referrer' | 'language'> & {
  clicked_at: Date;
  is_bot: boolean;
};
const toDto = (r: ClickRow): RawClickDto => ({
  id: r.id,
  at: r.clicked_at.toISOString(),
  country: r.country,
  city: r.city,
  device: r.device,
  browser: r.browser,
  os: r.os,
  referrer: r.referrer,
  language: r.language,
  isBot: r.is_bot,
});

/** 404 unless the link exists and is in the caller's workspace scope (the admin's every-workspace view: any link). */
export async function assertLinkInScope(dataSource: DataSource, scope: Scope, linkId: string): Promise<void> {
  const p = new SqlParams();
  const where = `id = ${p.add(linkId)}::uuid AND ${scopeSql(scope, p)}`;
  const ok = /^[0-9a-f-]{36}$/i.test(linkId) && (await dataSource.query<unknown[]>(`SELECT 1 FROM links WHERE ${where}`, p.values)).length > 0;
  if (!ok) throw new AppError(404, 'Link not found.');
}

/** How an export is written: its share of connections and how long its client may read nothing. */
export interface ExportLimits {
  gate: ReadGate;
  stallMs: number;
}

/** The client read nothing for the stall timeout: the export is closed. */
export class ExportStalledError extends Error {
  constructor(ms: number) {
    super(`the export's client read nothing for ${ms} ms`);
  }
}

type BatchRow = ClickRow & { cursor_at: string };

/** One keyset batch: the rows after `cursor` (clicked_at as Postgres's text, id) in (clicked_at, id) order. */
function batchQuery(linkId: string, range: { from: Date; to: Date } | null, filters: ClickFilters, cursor: BatchRow | null) {
  const p = new SqlParams();
  let where = `link_id = ${p.add(linkId)}`;
  if (range) where += ` AND clicked_at >= ${p.add(range.from)} AND clicked_at < ${p.add(range.to)}`;
  if (hasFilters(filters)) where += ` AND NOT is_bot AND ${rawClickFilterSql(filters, p)}`;
  if (cursor) where += ` AND (clicked_at, id) > (${p.add(cursor.cursor_at)}::timestamptz, ${p.add(cursor.id)}::uuid)`;
  const sql = `SELECT id, clicked_at, clicked_at::text AS cursor_at, country, city, device, browser, os, referrer, language, is_bot
                 FROM clicks WHERE ${where} ORDER BY clicked_at, id LIMIT ${BATCH}`;
  return { sql, params: p.values };
}

/**
 * `GET /api/links/{id}/clicks` (docs/product.md#imports-and-exports): a link's raw clicks, oldest first, bots marked,
 * read in keyset batches of 1 000. Each batch takes a connection through the export gate and gives it back BEFORE the
 * batch is written, then waits for the client to take it (backpressure, at most `stallMs`): an export whose client
 * never reads holds no connection, and at most EXPORT_CONNECTIONS exports read at once (docs/security.md "Exports").
 * A server-side cursor held its connection for as long as the socket stayed open. CSV cells are neutralised like
 * every other export. Under filters, only the non-bot clicks that match (docs/architecture.md, "Analytics filters").
 */
export async function streamRawClicks(
  dataSource: DataSource,
  linkId: string,
  range: { from: Date; to: Date } | null,
  format: LinkExportFormat,
  out: Writable,
  limits: ExportLimits,
  filters: ClickFilters = {},
): Promise<void> {
  const encode = format === 'csv' ? csvEncoder() : jsonEncoder();
  // The keyset cursor keeps clicked_at as Postgres's text: a JS Date drops the microseconds and would repeat rows.
  let after: BatchRow | null = null;
  for (;;) {
    const cursor: BatchRow | null = after;
    const rows = await limits.gate.run(async () => {
      const runner = dataSource.createQueryRunner('slave');
      try {
        const { sql, params } = batchQuery(linkId, range, filters, cursor);
        return await runner.manager.query<BatchRow[]>(sql, params);
      } finally {
        await runner.release();
      }
    });
    const last = rows.length < BATCH;
    const chunk = encode(rows, last);
    if (out.destroyed) return;
    if (!out.write(chunk)) await drained(out, limits.stallMs);
    if (last) break;
    after = rows[rows.length - 1];
  }
  out.end();
}

/** Resolves when `out` wants more; rejects when it closes or stays full for `ms`. */
function drained(out: Writable, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (err?: Error) => {
      clearTimeout(timer);
      out.off('drain', onDrain);
      out.off('close', onClose);
      if (err) reject(err);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error('the export client went away'));
    const timer = setTimeout(() => done(new ExportStalledError(ms)), ms);
    out.on('drain', onDrain);
    out.on('close', onClose);
  });
}

/** Rows → CSV text; the header before the first batch (also for no rows at all). */
function csvEncoder(): (rows: ClickRow[], last: boolean) => string {
  let first = true;
  return (rows) => {
    let text = first ? RAW_CLICK_COLUMNS.map(csvCell).join(',') + '\r\n' : '';
    first = false;
    for (const row of rows) {
      const dto = toDto(row);
      text += RAW_CLICK_COLUMNS.map((c) => csvCell(dto[c])).join(',') + '\r\n';
    }
    return text;
  };
}

/** Rows → parts of one JSON array: `[` before the first row, `]` after the last batch. */
function jsonEncoder(): (rows: ClickRow[], last: boolean) => string {
  let first = true;
  return (rows, last) => {
    let text = '';
    for (const row of rows) {
      text += (first ? '[' : ',') + JSON.stringify(toDto(row));
      first = false;
    }
    if (last) text += first ? '[]' : ']';
    return text;
  };
}
