import type { LinkDto, UpdateLinkRequest } from '@app/contracts';
import { apiSend } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { apiMutationHook } from '../../../lib/use-api-mutation';

export function updateLink(id: string, body: UpdateLinkRequest): Promise<LinkDto> {
  return apiSend<LinkDto>('PUT', `/api/links/${encodeURIComponent(id)}`, body);
}

/** PUT /api/links/{id}; the lists, tags and the link's analytics refresh (the screen words the toast). */
export const useUpdateLink = apiMutationHook({
  mutationFn: ({ id, ...body }: UpdateLinkRequest & { id: string }) => updateLink(id, body),
  invalidates: [queryKeys.links.all, queryKeys.tags.all, queryKeys.linkAnalytics.all],
});
