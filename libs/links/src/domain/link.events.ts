import type { DomainEvent } from '@app/event-store';

/** Stream type of every link's events. */
export const LINK_STREAM = 'Link';

/** Stored event type strings: permanent (never rename; add a new event or an alias). */
export const LINK_CREATED = 'link-created';
export const LINK_UPDATED = 'link-updated';
export const LINK_DELETED = 'link-deleted';

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

export type LinkEvent = LinkCreated | LinkUpdated | LinkDeleted;
export const LINK_EVENT_TYPES: readonly string[] = [LINK_CREATED, LINK_UPDATED, LINK_DELETED];
