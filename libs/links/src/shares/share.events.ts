import type { DomainEvent } from '@app/event-store';

/** Stream type of every shared stats page's events. */
export const SHARE_STREAM = 'Share';

/** Stored event type strings: permanent (never rename; add a new event). */
export const SHARE_CREATED = 'share-created';
export const SHARE_REVOKED = 'share-revoked';

/**
 * A shared stats page of one link or one tag of a workspace (`workspaceId`, the owner column). `tokenHash` is the
 * SHA-256 (hex) of the page's 256-bit token, never the token; `passwordId` names a `share_passwords` row (the argon2id
 * hash never enters an event, decision 0005). Dates are ISO strings.
 */
export type ShareCreated = DomainEvent<
  typeof SHARE_CREATED,
  {
    shareId: string;
    workspaceId: string;
    linkId: string | null;
    tag: string | null;
    tokenHash: string;
    passwordId: string | null;
    expiresAt: string | null;
    at: string;
    by: string;
  }
>;
export type ShareRevoked = DomainEvent<typeof SHARE_REVOKED, { shareId: string; workspaceId: string; at: string; by: string }>;

export type ShareEvent = ShareCreated | ShareRevoked;
export const SHARE_EVENT_TYPES: readonly string[] = [SHARE_CREATED, SHARE_REVOKED];
