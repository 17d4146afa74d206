import { LIVE_EVENT_IMPORT, type ImportProgressEvent, type ImportResultDto } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLiveEvent } from '../../../lib/use-live-event';
import { queryKeys } from '../../../lib/query-keys';
import { useImport } from '../api/get-import';
import { latestEvent, mergeProgress } from '../lib/import-progress';

/**
 * One import's progress: the `/live` socket's events move the bar as rows are handled, and the api's answer (read
 * every second while running, and at once when the socket says it ended) brings the status and the result.
 */
export function useImportProgress(id: string | null): { view?: ImportResultDto; error: Error | null } {
  const queryClient = useQueryClient();
  const query = useImport(id);
  const [live, setLive] = useState<ImportProgressEvent>();
  useEffect(() => setLive(undefined), [id]);

  // Subscribed from the start, so a quick import's events are not missed while the socket connects.
  useLiveEvent<ImportProgressEvent>(LIVE_EVENT_IMPORT, true, (event) => {
    if (!id || event?.id !== id) return;
    setLive((prev) => latestEvent(prev, event));
    if (event.status !== 'running') void queryClient.invalidateQueries({ queryKey: queryKeys.imports(id) });
  });

  return { view: mergeProgress(query.data, live), error: query.error };
}
