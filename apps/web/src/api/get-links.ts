import type { LinkPage } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, takePrefetched } from '../lib/api-client';
import { withQueryError } from '../lib/query-error';
import { timezoneOffset } from '../lib/timezone';
import { queryKeys } from '../lib/query-keys';
import { linkPageQuery, type LinkPageParams } from './link-page-query';

export function getLinkPage(tz: number, p: LinkPageParams): Promise<LinkPage> {
  return withQueryError('Failed to fetch links', () => apiGet<LinkPage>('/api/links', { params: linkPageQuery(tz, p) }));
}

/**
 * GET /api/links?limit=… ; `pollMs` polls while set (not in background). Changing the page, search or filter keeps the
 * rows on screen until the next page arrives (no "Loading links..." flash). A page sent early that has answered (My
 * Links' first page, sent with the session check: app/landing-pages.ts) is the query's data from its first render.
 */
export function useLinkPage(params: LinkPageParams, pollMs: number | false = false) {
  const tz = timezoneOffset();
  return useQuery({
    queryKey: queryKeys.links(tz, params),
    queryFn: () => getLinkPage(tz, params),
    initialData: () => takePrefetched<LinkPage>('/api/links', linkPageQuery(tz, params)),
    refetchInterval: pollMs,
    placeholderData: keepPreviousData,
  });
}

/** The most clicked links (dashboard, link analytics): one small sorted page. */
export const useTopLinks = (count: number, pollMs: number | false = false) => useLinkPage({ limit: count, sort: 'clicks' }, pollMs);
