import type { TagsResponse } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { withQueryError } from '../../../lib/query-error';

export const tagsKey = ['tags'] as const;

/** GET /api/tags: the caller's tags with link counts. */
export function useTags() {
  return useQuery({ queryKey: tagsKey, queryFn: () => withQueryError('Failed to fetch tags', () => apiGet<TagsResponse>('/api/tags')) });
}
