import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib';
import { withQueryError } from '../../../lib/query-error';
import type { ImportResultDto } from '@app/contracts';
import { queryKeys } from '../../../lib/query-keys';

/** While running, the import is also re-read this often (the /live socket usually answers first). */
export const IMPORT_POLL_MS = 1000;

/** GET /api/imports/{id} */
export function getImport(id: string): Promise<ImportResultDto> {
  return withQueryError('Failed to fetch import', () => apiGet<ImportResultDto>(`/api/imports/${encodeURIComponent(id)}`));
}

export function useImport(id: string | null) {
  return useQuery({
    queryKey: queryKeys.imports(id ?? ''),
    queryFn: () => getImport(id!),
    enabled: !!id,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'running' ? false : IMPORT_POLL_MS),
  });
}
