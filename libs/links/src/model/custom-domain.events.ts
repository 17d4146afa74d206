import type { DomainEvent } from '@app/event-store';

/** Stream type of every custom domain's events. */
export const DOMAIN_STREAM = 'Domain';

/** Stored event type strings: permanent (never rename; add a new event or an alias). */
export const DOMAIN_ADDED = 'domain-added';
export const DOMAIN_UPDATED = 'domain-updated';
export const DOMAIN_SSL_GENERATED = 'domain-ssl-generated';
export const DOMAIN_DELETED = 'domain-deleted';
export const DOMAIN_VERIFIED = 'domain-verified';
export const DOMAIN_VERIFICATION_EXPIRED = 'domain-verification-expired';

/**
 * `domain` is the lowercased host name. Dates are ISO strings. `verificationToken` (since domain verification): the
 * domain is pending until its TXT record carries it; events without one (older, or DOMAIN_VERIFICATION=off with
 * `verified: true`) leave the domain verified.
 */
export type DomainAdded = DomainEvent<
  typeof DOMAIN_ADDED,
  { domainId: string; ownerId: string; domain: string; at: string; verificationToken?: string; verified?: boolean }
>;
/** A rename with a `verificationToken` makes the domain pending again under the new name. */
export type DomainUpdated = DomainEvent<typeof DOMAIN_UPDATED, { domainId: string; domain: string; at: string; verificationToken?: string }>;
/** The TXT record `_linkpulse-challenge.{domain}` carried `lp-verify={token}`. */
export type DomainVerified = DomainEvent<typeof DOMAIN_VERIFIED, { domainId: string; domain: string; at: string }>;
/**
 * Pending for 7 days: no longer re-checked (Verify now can still verify it). `domain` names it in the workspace's
 * Activity; events stored before it was carried have none.
 */
export type DomainVerificationExpired = DomainEvent<typeof DOMAIN_VERIFICATION_EXPIRED, { domainId: string; domain?: string; at: string }>;
/**
 * A certificate was (re)generated: only its SHA-256 fingerprint (hex, of the DER) and label. The certificate and its
 * private key live in `domain_ssl_keys`, the key sealed under SECRETS_KEY; a secret never enters an event (events
 * stored before that were rewritten to this shape by migration 1766000000000, decision 0005).
 */
export type DomainSslGenerated = DomainEvent<typeof DOMAIN_SSL_GENERATED, { domainId: string; fingerprint: string; label: string; at: string }>;
export type DomainDeleted = DomainEvent<typeof DOMAIN_DELETED, { domainId: string; domain: string; at: string; by: string }>;

export type DomainStreamEvent = DomainAdded | DomainUpdated | DomainSslGenerated | DomainDeleted | DomainVerified | DomainVerificationExpired;
export const DOMAIN_EVENT_TYPES: readonly string[] = [
  DOMAIN_ADDED,
  DOMAIN_UPDATED,
  DOMAIN_SSL_GENERATED,
  DOMAIN_DELETED,
  DOMAIN_VERIFIED,
  DOMAIN_VERIFICATION_EXPIRED,
];
/** A pending domain expires this long after it was added or renamed. */
export const DOMAIN_VERIFICATION_TTL_MS = 7 * 86_400_000;
