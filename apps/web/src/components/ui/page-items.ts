export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * The numbered buttons of a pager (docs/product.md#recent-ip-activity): every page up to 7 pages, beyond that
 * first, last, the current page with its neighbours, and an ellipsis for each gap.
 */
export function pageItems(current: number, total: number): PageItem[] {
  if (total <= 0) return [];
  const page = Math.min(Math.max(1, current), total);
  if (total <= 7) return Array.from({ length: total }, (_, i) => i + 1);
  if (page <= 4) return [1, 2, 3, 4, 5, 'ellipsis-end', total];
  if (page >= total - 3) return [1, 'ellipsis-start', total - 4, total - 3, total - 2, total - 1, total];
  return [1, 'ellipsis-start', page - 1, page, page + 1, 'ellipsis-end', total];
}

/** 'Showing X to Y of Z records' numbers for a 1-based page. */
export function showingRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from, to: Math.min(total, page * pageSize) };
}
