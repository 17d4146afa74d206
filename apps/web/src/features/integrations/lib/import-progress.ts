import type { ImportProgressEvent, ImportResultDto } from '@app/contracts';

/** Keeps the newest socket event of an import: counts only move forward, an ending event always wins. */
export function latestEvent(prev: ImportProgressEvent | undefined, event: ImportProgressEvent): ImportProgressEvent {
  if (!prev || prev.id !== event.id || event.status !== 'running') return event;
  if (prev.status !== 'running') return prev;
  return event.processed >= prev.processed ? event : prev;
}

/**
 * What the page shows: the api's answer (status, skipped rows, error), with the socket's counts when they are ahead
 * of it while the import runs. Before the first answer, the socket's counts alone (still 'running').
 */
export function mergeProgress(server: ImportResultDto | undefined, live: ImportProgressEvent | undefined): ImportResultDto | undefined {
  if (!server)
    return (
      live && {
        id: live.id,
        status: 'running',
        total: live.total,
        created: live.created,
        processed: live.processed,
        skipped: [],
        error: null,
        notes: [],
      }
    );
  if (server.status !== 'running' || !live || live.id !== server.id) return server;
  return {
    ...server,
    total: Math.max(server.total, live.total),
    created: Math.max(server.created, live.created),
    processed: Math.max(server.processed, live.processed),
  };
}

/** Percent for the progress bar: 100 once done, else processed / total, rounded down (0 while the total is unknown). */
export function percentOf(view: Pick<ImportResultDto, 'status' | 'total' | 'processed'>): number {
  if (view.status === 'done') return 100;
  if (view.total <= 0) return 0;
  return Math.max(0, Math.min(100, Math.floor((view.processed / view.total) * 100)));
}
