import type { LinkDto } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { withQueryError } from '../../../lib/query-error';
import { timezoneOffset } from '../../../lib/timezone';

export const linksKey = (tz: number) => ['links', tz] as const;

export function getLinks(tz: number): Promise<LinkDto[]> {
  return withQueryError('Failed to fetch links', () => apiGet<LinkDto[]>('/api/links', { params: { timezoneOffset: tz } }));
}

/** GET /api/links; `pollMs` polls while set (not in background). */
export function useLinks(pollMs: number | false = false) {
  const tz = timezoneOffset();
  return useQuery({ queryKey: linksKey(tz), queryFn: () => getLinks(tz), refetchInterval: pollMs, refetchIntervalInBackground: false });
}
