import type { LinkSort, SortOrder } from '@app/contracts';

/**
 * ORDER BY of a link list over the columns of `linkColumnsSql` (alias l). Each sort is written for `desc`; `asc`
 * flips every term. The tie-breakers make the order total (pages never repeat or skip a link) and run the way the
 * indexes do, so a page of the default order reads `links_owner_archived` in order and stops (migration
 * LinkListPaging). Clicks and last click come from link_stats joined once, never a per-row subquery.
 */
const DESC_TERMS: Record<LinkSort, [string, string][]> = {
  createdAt: [
    ['l.created_at', 'DESC'],
    ['l.id', 'ASC'],
  ],
  clicks: [
    ['l.click_count', 'DESC'],
    ['l.created_at', 'DESC'],
    ['l.id', 'ASC'],
  ],
  name: [
    ['lower(l.name)', 'DESC'],
    ['l.id', 'DESC'],
  ],
  lastClick: [
    ['l.last_click_at', 'DESC NULLS LAST'],
    ['l.created_at', 'DESC'],
    ['l.id', 'ASC'],
  ],
};

const FLIP: Record<string, string> = { DESC: 'ASC', ASC: 'DESC', 'DESC NULLS LAST': 'ASC NULLS FIRST' };

export interface LinkOrder {
  sort: LinkSort;
  order: SortOrder;
}

export const NEWEST_FIRST: LinkOrder = { sort: 'createdAt', order: 'desc' };

export function linkOrderSql({ sort, order }: LinkOrder): string {
  return DESC_TERMS[sort].map(([expr, dir]) => `${expr} ${order === 'desc' ? dir : FLIP[dir]}`).join(', ');
}
