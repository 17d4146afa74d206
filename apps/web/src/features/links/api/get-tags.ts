import type { TagsResponse } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { withQueryError } from '../../../lib/query-error';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/tags: the caller's tags with link counts. */
export function useTags() {
  return useQuery({ queryKey: queryKeys.tags.all, queryFn: () => withQueryError('Failed to fetch tags', () => apiGet<TagsResponse>('/api/tags')) });
}
