import type { LinkDto } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../lib/api-client';
import { withQueryError } from '../lib/query-error';
import { timezoneOffset } from '../lib/timezone';

export const linksKey = (tz: number, tag: string | null = null) => (tag ? (['links', tz, tag] as const) : (['links', tz] as const));

export function getLinks(tz: number, tag: string | null = null): Promise<LinkDto[]> {
  return withQueryError('Failed to fetch links', () => apiGet<LinkDto[]>('/api/links', { params: { timezoneOffset: tz, tag } }));
}

/**
 * GET /api/links (`?tag=` when a tag is chosen); `pollMs` polls while set (not in background). Switching the tag keeps
 * the rows on screen until the filtered list arrives (no "Loading links..." flash).
 */
export function useLinks(pollMs: number | false = false, tag: string | null = null) {
  const tz = timezoneOffset();
  return useQuery({
    queryKey: linksKey(tz, tag),
    queryFn: () => getLinks(tz, tag),
    refetchInterval: pollMs,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
  });
}
