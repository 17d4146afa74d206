import type { CreateLinkRequest, LinkDto } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import { refreshQueries } from '../../../lib/refresh-queries';

export function createLink(body: CreateLinkRequest): Promise<LinkDto> {
  return apiSend<LinkDto>('POST', '/api/links', body);
}

/** POST /api/links; on success the link and stats caches refresh. */
export function useCreateLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createLink,
    onSuccess: () => refreshQueries(qc, ['links', 'tags', 'stats']),
  });
}
