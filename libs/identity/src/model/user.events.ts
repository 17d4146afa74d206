import type { DomainEvent } from '@app/event-store';

/** Stream type of every user's events in the event store. */
export const USER_STREAM = 'User';

/** Stored event type strings: permanent, other features' projections react to them (never rename). */
export const USER_REGISTERED = 'user-registered';
export const USER_APPROVED = 'user-approved';
export const USER_DELETED = 'user-deleted';

/** Dates are ISO strings; `by` is the acting admin's id, null when the system acted (first admin at start-up). */
export type UserRegistered = DomainEvent<
  typeof USER_REGISTERED,
  { userId: string; username: string; passwordHash: string; isAdmin: boolean; at: string }
>;
export type UserApproved = DomainEvent<typeof USER_APPROVED, { userId: string; at: string; by: string | null }>;
/** `reason` is 'rejected' when a pending registration was turned down, 'deleted' for an approved account. */
export type UserDeleted = DomainEvent<typeof USER_DELETED, { userId: string; at: string; by: string; reason: 'rejected' | 'deleted' }>;

export type UserEvent = UserRegistered | UserApproved | UserDeleted;
export const USER_EVENT_TYPES: readonly string[] = [USER_REGISTERED, USER_APPROVED, USER_DELETED];
