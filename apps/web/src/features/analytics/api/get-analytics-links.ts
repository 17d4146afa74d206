import type { LinkDto } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet, timezoneOffset } from '../../../lib';

/** Under the 'links' root so link mutations (create, edit, delete) refresh it. */
export const analyticsLinksKey = (tz: number) => ['links', 'analytics-page', tz] as const;

/** GET /api/links?timezoneOffset */
export async function getAnalyticsLinks(tz: number): Promise<LinkDto[]> {
  try {
    return await apiGet<LinkDto[]>('/api/links', { params: { timezoneOffset: tz } });
  } catch {
    throw new Error('Failed to fetch links');
  }
}

export function useAnalyticsLinks() {
  const tz = timezoneOffset();
  return useQuery({ queryKey: analyticsLinksKey(tz), queryFn: () => getAnalyticsLinks(tz) });
}
