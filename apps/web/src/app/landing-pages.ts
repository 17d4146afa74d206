import { linkPageQuery } from '../api/link-page-query';
import { pageParams, viewFromSearch } from '../features/links/lib/list-view';
import { prefetchGet } from '../lib/api-client';
import { preloadableLazy } from '../lib/preloadable-lazy';
import { timezoneOffset } from '../lib/timezone';

/** The dashboard route's page, in its own chunk. */
export const DashboardPage = preloadableLazy(() => import('../features/dashboard/pages/DashboardPage'));
/** My Links, in its own chunk. */
export const LinksPage = preloadableLazy(() => import('../features/links/pages/LinksPage'));

/**
 * Starts what the page a signed-in user lands on at `location` needs, while the stored session is checked (App): its
 * chunk (the promises: the first render waits for them) and, for My Links, the page of links its address shows (taken
 * by the page's own query: `prefetchGet`). Other pages load when routed.
 */
export function startLandingPage({ pathname, search }: Pick<Location, 'pathname' | 'search'>): Promise<unknown>[] {
  if (pathname === '/' || pathname === '/dashboard') return [DashboardPage.preload()];
  if (pathname !== '/links') return [];
  // the chunk first: the page's address asks for the browser's time zone, whose first read costs tens of milliseconds
  const chunk = LinksPage.preload();
  prefetchGet('/api/links', linkPageQuery(timezoneOffset(), pageParams(viewFromSearch(new URLSearchParams(search)))));
  return [chunk];
}
