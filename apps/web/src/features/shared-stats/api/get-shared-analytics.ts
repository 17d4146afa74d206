import { SHARE_PASSWORD_HEADER, type SharedAnalyticsDto } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ianaTimeZone } from '../../../lib/timezone';
import type { ShareRange } from '../lib/share-range';
import { queryKeys } from '../../../lib/query-keys';

/** Why the page shows no figures: gone (404), a password is needed or was wrong (401), too many requests (429), other. */
export class SharedPageError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * GET /api/public/shares/{token}/analytics (docs/product.md "Shared stats"): no session and no workspace are sent
 * (the token alone opens the page), the password in X-Share-Password.
 */
export async function fetchSharedAnalytics(token: string, range: ShareRange, password: string | null): Promise<SharedAnalyticsDto> {
  const qs = new URLSearchParams({ startDate: range.startDate, endDate: range.endDate });
  const zone = ianaTimeZone();
  if (zone) qs.set('timeZone', zone);
  else qs.set('timezoneOffset', String(new Date().getTimezoneOffset()));
  const res = await fetch(`/api/public/shares/${encodeURIComponent(token)}/analytics?${qs}`, {
    headers: password ? { [SHARE_PASSWORD_HEADER]: password } : {},
    credentials: 'omit',
  });
  const body = (await res.json().catch(() => null)) as { message?: string } | null;
  if (!res.ok) throw new SharedPageError(res.status, body?.message ?? res.statusText);
  return body as SharedAnalyticsDto;
}

export function useSharedAnalytics(token: string, range: ShareRange, password: string | null) {
  return useQuery({
    queryKey: queryKeys.sharedAnalytics(token, range.startDate, range.endDate, password),
    queryFn: () => fetchSharedAnalytics(token, range, password),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
