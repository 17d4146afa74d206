import type { CreateLinkRequest, LinkDto } from './links.js';

/** `GET /api/links?limit=…` (docs/architecture.md → "Link lists"): one page of a filtered, sorted list. */
export const LINK_SORTS = ['createdAt', 'clicks', 'name', 'lastClick'] as const;
export type LinkSort = (typeof LINK_SORTS)[number];
export const SORT_ORDERS = ['desc', 'asc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
/** `archived`: `false` (default) hides archived links, `true` shows only them, `all` both. */
export const ARCHIVED_FILTERS = ['false', 'true', 'all'] as const;
export type ArchivedFilter = (typeof ARCHIVED_FILTERS)[number];
/** `domainId` naming the default short host. */
export const DEFAULT_DOMAIN_FILTER = 'default';
export const LINK_PAGE_LIMIT_MAX = 100;
export const LINK_SEARCH_MAX = 200;
/**
 * A page's `total` counts at most this many matching links (docs/architecture.md → "Link lists"): past it the count
 * says "10,000+" (`totalCapped`), as Dub's and GitHub's lists do, so a broad search never counts every match.
 */
export const LINK_TOTAL_CAP = 10_000;
/**
 * A search's `total` stops sooner, at "1,000+" (GitHub's search caps at 1,000 too): each counted match of a search is
 * read back from the table to check it, 10,000 of them were most of what the database did for searches.
 */
export const LINK_SEARCH_TOTAL_CAP = 1_000;

/** What a list shows, as the query string spells it (`domainId`: an id or `default`). */
export interface LinkListFilter {
  search?: string;
  /** One tag, or several (links carrying any of them). */
  tag?: string | string[];
  domainId?: string;
  archived?: ArchivedFilter;
}

export interface LinkPage {
  data: LinkDto[];
  /** Every link matching the filter (all pages), counted up to LINK_TOTAL_CAP (a search: LINK_SEARCH_TOTAL_CAP). */
  total: number;
  /** More than `total` (= the cap) links match: shown as "10,000+" ("1,000+"). */
  totalCapped: boolean;
  page: number;
  limit: number;
}

/** `POST /api/links/bulk`: 1–1000 create payloads; valid ones are created, each invalid one reported by index. */
export const BULK_CREATE_MAX = 1000;
export interface BulkCreateRequest {
  links: CreateLinkRequest[];
}
export interface BulkCreateResponse {
  created: LinkDto[];
  errors: { index: number; message: string }[];
}

/** `POST /api/links/bulk-actions`: one action over chosen ids or every link matching a filter, run as a job. */
export const BULK_ACTIONS = ['delete', 'archive', 'unarchive', 'addTags', 'removeTags', 'setExpiry'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
/** Chosen ids per action (a larger selection is sent as a filter: "all N matching"). */
export const BULK_IDS_MAX = 1000;
export interface BulkActionRequest {
  action: BulkAction;
  ids?: string[];
  filter?: LinkListFilter;
  tags?: string[];
  expiresAt?: string | null;
}
export type BulkActionStatus = 'running' | 'done' | 'failed';
export interface BulkActionFailure {
  linkId: string;
  reason: string;
}
export interface BulkActionDto {
  id: string;
  status: BulkActionStatus;
  total: number;
  done: number;
  failed: BulkActionFailure[];
}

/** `GET /api/analytics/performance?limit=…`: one page of the table; `summary` (the Total Summary row) sums every link. */
export interface PerformanceSummaryDto {
  links: number;
  clicksInRange: number;
  totalClicks: number;
  lastClick: string | null;
}
export interface PerformancePageDto<Row> {
  data: Row[];
  total: number;
  page: number;
  limit: number;
  summary: PerformanceSummaryDto;
}

/** Socket event (server → the acting user's sockets on `/live`): a bulk action's progress, as GET returns it. */
export const LIVE_EVENT_BULK_ACTION = 'bulk-action';
