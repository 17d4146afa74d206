import { CLICK_FILTER_NAMES, type ClickFilterName, type ClickFilters } from '@app/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/** How a filter chip names its filter. */
export const FILTER_LABELS: Record<ClickFilterName, string> = {
  country: 'Country',
  region: 'Region',
  city: 'City',
  device: 'Device',
  browser: 'Browser',
  os: 'OS',
  referrer: 'Referrer',
  language: 'Language',
  qr: 'QR',
  tag: 'Tag',
  linkId: 'Link',
  utmSource: 'UTM source',
  utmMedium: 'UTM medium',
  utmCampaign: 'UTM campaign',
};

/** True when any filter is set. */
export const hasFilters = (filters: ClickFilters): boolean => Object.values(filters).some((v) => v !== undefined && v !== '');

/** The filters in a page address (`?country=DE&device=mobile`), the names of the api's filters. */
export function filtersFromSearch(search: URLSearchParams): ClickFilters {
  const filters: ClickFilters = {};
  for (const name of CLICK_FILTER_NAMES) {
    const v = search.get(name);
    if (v) filters[name] = v;
  }
  return filters;
}

/**
 * The view a page shows, kept in its address so a reload or a shared address shows the same: the filters, and the
 * page's own keys (range, tab). `set` changes keys and keeps the rest; `addFilter` / `removeFilter` change one filter.
 */
export function useAddressView() {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const set = useCallback(
    (changes: Record<string, string | null>) =>
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(changes)) {
            if (v === null || v === '') next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  const addFilter = useCallback((name: ClickFilterName, value: string) => set({ [name]: value }), [set]);
  const removeFilter = useCallback((name: ClickFilterName) => set({ [name]: null }), [set]);
  const clearFilters = useCallback(() => set(Object.fromEntries(CLICK_FILTER_NAMES.map((n) => [n, null]))), [set]);
  return { search, filters, set, addFilter, removeFilter, clearFilters };
}

/** Relative change against the period before, as shown on a card: `+12%`, `-3%`, `new`, or null when both are 0. */
export function changeOf(now: number, before: number): string | null {
  if (before === 0) return now === 0 ? null : 'new';
  const pct = Math.round(((now - before) / before) * 100);
  return `${pct > 0 ? '+' : ''}${pct}%`;
}
