import type { LinkDto, UpdateLinkRequest } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import { refreshQueries } from '../../../lib/refresh-queries';

export function updateLink(id: string, body: UpdateLinkRequest): Promise<LinkDto> {
  return apiSend<LinkDto>('PUT', `/api/links/${encodeURIComponent(id)}`, body);
}

export function useUpdateLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateLinkRequest & { id: string }) => updateLink(id, body),
    onSuccess: () => refreshQueries(qc, ['links', 'tags', 'link-analytics']),
  });
}
