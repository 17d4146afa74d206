import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { ImportProgressEvent, ImportSkippedRow } from '@app/contracts';
import type { ImportRow } from './import-row.js';
import { importedLinkRequest, rowSkipReason, type ImportedLinkRequest } from './import-request.js';
import { importWork, recordImportProgress, type ImportActor } from './import-store.js';

/**
 * Creates the links of a chunk of rows of one owner, as the user (and API key) who started the import (the links' own batch create: per link the same aggregate,
 * events and projections as one-by-one creation) with the given link ids; per row `null` when created (or already
 * created with that id), else the reason it was skipped.
 */
export type CreateImportedLinks = (
  ownerId: string,
  requests: ImportedLinkRequest[],
  linkIds: string[],
  startedBy: ImportActor | null,
) => Promise<(string | null)[]>;

/**
 * The link id of an import's row: a name-based UUID (version 8, from SHA-256 of the import id, row number and, for a
 * row's further back-halves, their index), so a rerun of a row creates nothing new.
 */
export function importedLinkId(importId: string, row: number, alias?: number): string {
  const h = createHash('sha256')
    .update(`linkpulse-import:${importId}:${row}${alias ? `.${alias}` : ''}`)
    .digest();
  h[6] = (h[6] & 0x0f) | 0x80;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/** Rows per batch (one transaction, a handful of queries) and batches in flight at once. */
const CHUNK = 250;
const LANES = 2;
const PROGRESS_EVERY_MS = 250;

/**
 * Runs an import: rows go through `createLinks` in chunks, two chunks in flight; progress is saved and published
 * about 4 times a second; the result ends `done` only once every row was created or skipped with its reason.
 * `processed` only counts the rows of chunks that finished with every chunk before them, so a restarted job resumes
 * there; the rows it runs again whose links an earlier run committed are found by their ids (importedLinkId) and
 * counted as created, never created twice.
 */
export async function runImport(
  dataSource: DataSource,
  importId: string,
  createLinks: CreateImportedLinks,
  publish: (ownerId: string, event: ImportProgressEvent) => Promise<void>,
): Promise<void> {
  const work = await importWork(dataSource, importId);
  if (!work || work.status !== 'running') return;
  const total = work.rows.length;
  let processed = work.processed;
  let created = work.created;
  const skipped: ImportSkippedRow[] = [...work.skipped];
  let lastSaved = 0;

  const progress = async (status: 'running' | 'done') => {
    await recordImportProgress(dataSource, importId, { processed, created, skipped: [...skipped].sort((a, b) => a.row - b.row), status });
    await publish(work.ownerId, { id: importId, status, total, processed, created, skipped: skipped.length }).catch(() => undefined);
    lastSaved = Date.now();
  };

  const chunks: ImportRow[][] = [];
  for (let i = processed; i < total; i += CHUNK) chunks.push(work.rows.slice(i, i + CHUNK));
  const finished: boolean[] = [];
  let nextChunk = 0;
  let firstOpen = 0;

  const runChunk = async (rows: ImportRow[]) => {
    const valid: ImportRow[] = [];
    for (const r of rows) {
      const reason = rowSkipReason(r);
      if (reason) skipped.push({ row: r.row, reason });
      else valid.push(r);
    }
    const ids = valid.map((r) => importedLinkId(importId, r.row, r.alias));
    const requests = valid.map((r) => importedLinkRequest(r, work.domainId, work.shape));
    const reasons = valid.length ? await createLinks(work.ownerId, requests, ids, work.startedBy) : [];
    reasons.forEach((reason, i) => (reason === null ? created++ : skipped.push({ row: valid[i].row, reason })));
  };
  const lane = async () => {
    while (nextChunk < chunks.length) {
      const index = nextChunk++;
      await runChunk(chunks[index]);
      finished[index] = true;
      while (finished[firstOpen]) processed += chunks[firstOpen++].length;
      if (Date.now() - lastSaved >= PROGRESS_EVERY_MS) await progress('running');
    }
  };
  await progress('running');
  await Promise.all(Array.from({ length: LANES }, lane));
  await progress('done');
}

export async function failImport(dataSource: DataSource, importId: string, error: string): Promise<void> {
  const work = await importWork(dataSource, importId);
  if (!work) return;
  await recordImportProgress(dataSource, importId, {
    processed: work.processed,
    created: work.created,
    skipped: work.skipped,
    status: 'failed',
    error,
  });
}
