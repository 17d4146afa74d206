import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib';
import { queryKeys } from '../../../lib/query-keys';

export interface LinkByCodeDto {
  originalUrl: string;
}

/** GET /api/links/by-code/{code} (public): the original URL of a custom-domain short code. */
export function getLinkByCode(code: string): Promise<LinkByCodeDto> {
  return apiGet<LinkByCodeDto>(`/api/links/by-code/${encodeURIComponent(code)}`);
}

export function useLinkByCode(code: string) {
  return useQuery({ queryKey: queryKeys.linkByCode(code), queryFn: () => getLinkByCode(code), retry: false, staleTime: Infinity });
}
