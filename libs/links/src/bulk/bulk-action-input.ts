import type { LinkFilter } from '../queries/link-list/link-filter.js';

/** Nest token of the `link-actions` queue producer. */
export const LINK_ACTIONS_QUEUE = Symbol('LINK_ACTIONS_QUEUE');

export interface BulkActionInput {
  action: unknown;
  ids?: unknown;
  /** Already parsed from the request's `filter` (the list's own parser: same 400s). */
  filter?: LinkFilter;
  tags?: unknown;
  expiresAt?: unknown;
}
