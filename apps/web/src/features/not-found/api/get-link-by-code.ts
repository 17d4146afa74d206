import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib';

export interface LinkByCodeDto {
  originalUrl: string;
}

export const linkByCodeKey = (code: string) => ['link-by-code', code] as const;

/** GET /api/links/by-code/{code} (public): the original URL of a custom-domain short code. */
export function getLinkByCode(code: string): Promise<LinkByCodeDto> {
  return apiGet<LinkByCodeDto>(`/api/links/by-code/${encodeURIComponent(code)}`);
}

export function useLinkByCode(code: string) {
  return useQuery({ queryKey: linkByCodeKey(code), queryFn: () => getLinkByCode(code), retry: false, staleTime: Infinity });
}
