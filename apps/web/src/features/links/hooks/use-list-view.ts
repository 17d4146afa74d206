import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { searchFromView, viewFromSearch, type ListView } from '../lib/list-view';

/** My Links' view from the address; changing anything but the page goes back to page 1. */
export function useListView(): [ListView, (patch: Partial<ListView>) => void] {
  const [params, setParams] = useSearchParams();
  const view = viewFromSearch(params);
  const update = useCallback(
    (patch: Partial<ListView>) =>
      setParams(
        (prev) => {
          const current = viewFromSearch(prev);
          return searchFromView({ ...current, ...patch, page: patch.page ?? 1 });
        },
        { replace: patch.search !== undefined },
      ),
    [setParams],
  );
  return [view, update];
}
