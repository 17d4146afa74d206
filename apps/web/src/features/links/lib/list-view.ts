import { LINK_SORTS, SORT_ORDERS, type LinkSort, type SortOrder } from '@app/contracts';
import type { LinkPageParams } from '../../../api/link-page-query';

/** What My Links shows, kept in the address (`?page=&search=&sort=&order=&tag=&archived=1`) so a reload or a shared URL shows the same view. */
export interface ListView {
  page: number;
  search: string;
  sort: LinkSort;
  order: SortOrder;
  tags: string[];
  archived: boolean;
}

export const PAGE_SIZE = 25;
export const DEFAULT_VIEW: ListView = { page: 1, search: '', sort: 'createdAt', order: 'desc', tags: [], archived: false };

export function viewFromSearch(sp: URLSearchParams): ListView {
  const page = Number(sp.get('page'));
  const sort = sp.get('sort') as LinkSort;
  const order = sp.get('order') as SortOrder;
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    search: sp.get('search') ?? '',
    sort: LINK_SORTS.includes(sort) ? sort : DEFAULT_VIEW.sort,
    order: SORT_ORDERS.includes(order) ? order : DEFAULT_VIEW.order,
    tags: sp.getAll('tag').filter(Boolean),
    archived: sp.get('archived') === '1',
  };
}

/** The address of a view: only what differs from the default. */
export function searchFromView(v: ListView): URLSearchParams {
  const sp = new URLSearchParams();
  if (v.page > 1) sp.set('page', String(v.page));
  if (v.search) sp.set('search', v.search);
  if (v.sort !== DEFAULT_VIEW.sort) sp.set('sort', v.sort);
  if (v.order !== DEFAULT_VIEW.order) sp.set('order', v.order);
  for (const t of v.tags) sp.append('tag', t);
  if (v.archived) sp.set('archived', '1');
  return sp;
}

/** The api call of a view. */
export function pageParams(v: ListView): LinkPageParams {
  return {
    limit: PAGE_SIZE,
    page: v.page,
    search: v.search.trim() || undefined,
    sort: v.sort,
    order: v.order,
    tags: v.tags,
    archived: v.archived ? 'true' : 'false',
  };
}

/** The bulk-action filter for "all N matching" this view. */
export function viewFilter(v: ListView) {
  return {
    search: v.search.trim() || undefined,
    tag: v.tags.length ? v.tags : undefined,
    archived: v.archived ? ('true' as const) : ('false' as const),
  };
}
