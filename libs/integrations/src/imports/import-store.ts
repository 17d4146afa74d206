import type { DataSource, EntityManager } from 'typeorm';
import type { ImportFormat, ImportNote, ImportResultDto, ImportSkippedRow, ImportStatus } from '@app/contracts';
import { IntegrationsErrors } from '../integrations.errors.js';
import type { ImportRow } from './import-row.js';

type Db = DataSource | EntityManager;

/** Who started an import (the user, and the API key when one was used): its links' events name them (the activity). */
export interface ImportActor {
  userId: string;
  apiKeyId: string | null;
  apiKeyName: string | null;
}

/**
 * The parsed rows are kept with the import until it ends, so a job that restarts reads the same rows. One running
 * import per owner (the partial unique index imports_one_running): a second one is a 409.
 */
export async function insertImport(
  db: Db,
  i: {
    id: string;
    ownerId: string;
    format: ImportFormat;
    domainId: string | null;
    rows: ImportRow[];
    notes?: ImportNote[];
    shape?: string;
    startedBy?: ImportActor;
  },
): Promise<void> {
  try {
    await db.query<unknown>(
      'INSERT INTO imports (id, owner_id, format, domain_id, total, content, notes, shape, started_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
      [
        i.id,
        i.ownerId,
        i.format,
        i.domainId,
        i.rows.length,
        JSON.stringify(i.rows),
        JSON.stringify(i.notes ?? []),
        i.shape ?? null,
        i.startedBy ? JSON.stringify(i.startedBy) : null,
      ],
    );
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw IntegrationsErrors.importRunning();
    throw err;
  }
}

/** Whether the owner has an import running (its rows not all created or skipped yet). */
export async function hasRunningImport(db: Db, ownerId: string): Promise<boolean> {
  const rows = await db.query<unknown[]>(`SELECT 1 FROM imports WHERE owner_id = $1 AND status = 'running' LIMIT 1`, [ownerId]);
  return rows.length > 0;
}

export interface ImportWork {
  id: string;
  ownerId: string;
  domainId: string | null;
  status: ImportStatus;
  processed: number;
  created: number;
  skipped: ImportSkippedRow[];
  rows: ImportRow[];
  /** The shape the file was read as (the link-imported events' source). */
  shape: string;
  /** Null for an import started before this was kept: its owner column, then always the starter's personal workspace. */
  startedBy: ImportActor | null;
}
export async function importWork(db: Db, id: string): Promise<ImportWork | null> {
  const rows = await db.query<
    (Omit<ImportWork, 'ownerId' | 'domainId' | 'rows' | 'shape' | 'startedBy'> & {
      owner_id: string;
      started_by: ImportActor | null;
      domain_id: string | null;
      content: string | null;
      shape: string | null;
    })[]
  >('SELECT id, owner_id, domain_id, status, processed, created, skipped, content, shape, started_by FROM imports WHERE id = $1', [id]);
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    ownerId: r.owner_id,
    domainId: r.domain_id,
    status: r.status,
    processed: r.processed,
    created: r.created,
    skipped: r.skipped,
    rows: JSON.parse(r.content ?? '[]'),
    shape: r.shape ?? 'import',
    startedBy: r.started_by ?? null,
  };
}

export async function recordImportProgress(
  db: Db,
  id: string,
  p: { processed: number; created: number; skipped: ImportSkippedRow[]; status?: ImportStatus; error?: string | null },
): Promise<void> {
  const done = p.status && p.status !== 'running';
  await db.query<unknown>(
    `UPDATE imports SET processed = $2, created = $3, skipped = $4, status = COALESCE($5, status), error = COALESCE($6, error),
            finished_at = CASE WHEN $7 THEN now() ELSE finished_at END, content = CASE WHEN $7 THEN NULL ELSE content END
      WHERE id = $1`,
    [id, p.processed, p.created, JSON.stringify(p.skipped), p.status ?? null, p.error ?? null, Boolean(done)],
  );
}

export async function selectImport(db: Db, ownerId: string, id: string): Promise<ImportResultDto | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const rows = await db.query<ImportResultDto[]>(
    'SELECT id, status, total, processed, created, skipped, error, notes FROM imports WHERE id = $1::uuid AND owner_id = $2',
    [id, ownerId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    status: r.status,
    total: r.total,
    created: r.created,
    skipped: r.skipped,
    processed: r.processed,
    error: r.error,
    notes: r.notes,
  };
}

export async function deleteUserImports(db: Db, userId: string): Promise<void> {
  await db.query<unknown>('DELETE FROM imports WHERE owner_id = $1', [userId]);
}
