import type { DomainEvent } from '@app/event-store';
import type { StoredControls } from './link-controls.js';

/** Stream type of every link's events. */
export const LINK_STREAM = 'Link';

/** Stored event type strings: permanent (never rename; add a new event or an alias). */
export const LINK_CREATED = 'link-created';
export const LINK_UPDATED = 'link-updated';
export const LINK_DELETED = 'link-deleted';
export const LINK_CONTROLS_CHANGED = 'link-controls-changed';
/** Issue 30: archived (hidden from lists unless asked) or back; the link keeps redirecting and counting either way. */
export const LINK_ARCHIVE_CHANGED = 'link-archive-changed';
export const LINK_IMPORTED = 'link-imported';

/** Dates are ISO strings; `domainId` null means the default short host. */
export type LinkCreated = DomainEvent<
  typeof LINK_CREATED,
  {
    linkId: string;
    ownerId: string;
    name: string;
    shortCode: string;
    originalUrl: string;
    domainId: string | null;
    ogTitle: string | null;
    ogDescription: string | null;
    ogImage: string | null;
    at: string;
  }
>;
export type LinkUpdated = DomainEvent<typeof LINK_UPDATED, { linkId: string; name: string; originalUrl: string; at: string; by: string }>;
export type LinkDeleted = DomainEvent<typeof LINK_DELETED, { linkId: string; at: string; by: string }>;

/**
 * Link controls changed (docs/product.md#link-controls) (on create it follows link-created). `changes` holds only the changed keys: a value
 * sets, null removes. The password is never here: `passwordId` names the row of `link_passwords` holding its hash.
 */
export type LinkControlsChanged = DomainEvent<typeof LINK_CONTROLS_CHANGED, { linkId: string; changes: ControlsChanges; at: string; by: string }>;
export type ControlsChanges = { [K in keyof StoredControls]?: StoredControls[K] | null } & { tags?: string[] | null; passwordId?: string | null };

export type LinkArchiveChanged = DomainEvent<typeof LINK_ARCHIVE_CHANGED, { linkId: string; archived: boolean; at: string; by: string }>;

/**
 * What an import kept from the product the link came from (it follows link-created and link-controls-changed):
 * `createdAt` the link's creation there (the link's creation date from then on), `importedClicks` its click total
 * there (shown apart from the exact analytics), `source` the shape it was read from (e.g. "Bitly dashboard CSV").
 */
export type LinkImported = DomainEvent<
  typeof LINK_IMPORTED,
  { linkId: string; createdAt: string | null; importedClicks: number | null; source: string; at: string; by: string }
>;
export interface LinkImportFacts {
  createdAt?: string;
  importedClicks?: number;
  source: string;
  /** Archived in its source (Bitly's and Dub's archived links still redirect there, as archived links do here). */
  archived?: boolean;
}

export type LinkEvent = LinkCreated | LinkUpdated | LinkDeleted | LinkControlsChanged | LinkArchiveChanged | LinkImported;
export const LINK_EVENT_TYPES: readonly string[] = [
  LINK_CREATED,
  LINK_UPDATED,
  LINK_DELETED,
  LINK_CONTROLS_CHANGED,
  LINK_ARCHIVE_CHANGED,
  LINK_IMPORTED,
];
