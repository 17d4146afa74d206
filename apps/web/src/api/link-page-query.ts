import type { ArchivedFilter, LinkSort, SortOrder } from '@app/contracts';
import type { QueryParams } from '../lib/api-client';

/** One page of the caller's links (docs/product.md#many-links); every screen asks for what it shows, never the whole list. */
export interface LinkPageParams {
  limit: number;
  page?: number;
  search?: string;
  sort?: LinkSort;
  order?: SortOrder;
  tags?: readonly string[];
  archived?: ArchivedFilter;
}

/** The query string of `GET /api/links?limit=…` for a page (its own module: App sends My Links' first page early). */
export function linkPageQuery(tz: number, p: LinkPageParams): QueryParams {
  return {
    timezoneOffset: tz,
    limit: p.limit,
    page: p.page,
    search: p.search || undefined,
    sort: p.sort,
    order: p.order,
    tag: p.tags?.length ? p.tags : undefined,
    archived: p.archived,
  };
}
