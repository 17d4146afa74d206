import type { DomainEvent } from '@app/event-store';

/** Stream type of every user's events in the event store. */
export const USER_STREAM = 'User';

/** Stored event type strings: permanent, other features' projections react to them (never rename). */
export const USER_REGISTERED = 'user-registered';
export const USER_APPROVED = 'user-approved';
export const USER_DELETED = 'user-deleted';
/** The user set a new password (any must-change-password flag ends). */
export const USER_PASSWORD_CHANGED = 'user-password-changed';
/** An admin set a temporary password: the user must change it before anything else works. */
export const USER_PASSWORD_RESET = 'user-password-reset';
/** Two-factor sign-in turned on or off. The secret and recovery codes are never in an event (table `two_factor`). */
export const USER_TWO_FACTOR_ENABLED = 'user-two-factor-enabled';
export const USER_TWO_FACTOR_DISABLED = 'user-two-factor-disabled';

/** Administrator rights given or taken by the identity provider's groups (OIDC_ADMIN_GROUPS) at a sign-in; `by` null. */
export const USER_ADMIN_GRANTED = 'user-admin-granted';
export const USER_ADMIN_REVOKED = 'user-admin-revoked';

/** The OpenID Connect identity an account signs in with (matched by issuer + subject). */
export interface OidcIdentity {
  issuer: string;
  subject: string;
}

/**
 * Dates are ISO strings; `by` is the acting admin's id, null when the system acted (first admin at start-up).
 * `passwordHash` is null for an account made by single sign-on (it has no password); `oidc` only on those.
 */
export type UserRegistered = DomainEvent<
  typeof USER_REGISTERED,
  { userId: string; username: string; passwordHash: string | null; isAdmin: boolean; at: string; oidc?: OidcIdentity }
>;
export type UserApproved = DomainEvent<typeof USER_APPROVED, { userId: string; at: string; by: string | null }>;
/** `reason` is 'rejected' when a pending registration was turned down, 'deleted' for an approved account. */
export type UserDeleted = DomainEvent<typeof USER_DELETED, { userId: string; at: string; by: string; reason: 'rejected' | 'deleted' }>;
export type UserPasswordChanged = DomainEvent<typeof USER_PASSWORD_CHANGED, { userId: string; passwordHash: string; at: string }>;
export type UserPasswordReset = DomainEvent<typeof USER_PASSWORD_RESET, { userId: string; passwordHash: string; at: string; by: string }>;
export type UserTwoFactorEnabled = DomainEvent<typeof USER_TWO_FACTOR_ENABLED, { userId: string; at: string }>;
export type UserAdminGranted = DomainEvent<typeof USER_ADMIN_GRANTED, { userId: string; at: string; by: string | null }>;
export type UserAdminRevoked = DomainEvent<typeof USER_ADMIN_REVOKED, { userId: string; at: string; by: string | null }>;
export type UserTwoFactorDisabled = DomainEvent<typeof USER_TWO_FACTOR_DISABLED, { userId: string; at: string }>;

export type UserEvent =
  | UserRegistered
  | UserApproved
  | UserDeleted
  | UserPasswordChanged
  | UserPasswordReset
  | UserTwoFactorEnabled
  | UserTwoFactorDisabled
  | UserAdminGranted
  | UserAdminRevoked;
export const USER_EVENT_TYPES: readonly string[] = [
  USER_REGISTERED,
  USER_APPROVED,
  USER_DELETED,
  USER_PASSWORD_CHANGED,
  USER_PASSWORD_RESET,
  USER_TWO_FACTOR_ENABLED,
  USER_TWO_FACTOR_DISABLED,
  USER_ADMIN_GRANTED,
  USER_ADMIN_REVOKED,
];
