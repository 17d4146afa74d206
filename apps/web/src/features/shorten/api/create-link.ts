import type { CreateLinkRequest, LinkDto } from '@app/contracts';
import { apiSend } from '../../../lib/api-client';
import { LINK_CHANGES } from '../../../lib/query-keys';
import { apiMutationHook } from '../../../lib/use-api-mutation';

export function createLink(body: CreateLinkRequest): Promise<LinkDto> {
  return apiSend<LinkDto>('POST', '/api/links', body);
}

/** POST /api/links; on success the link and stats caches refresh (the form words the toast). */
export const useCreateLink = apiMutationHook({ mutationFn: createLink, invalidates: LINK_CHANGES });
