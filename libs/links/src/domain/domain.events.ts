import type { DomainEvent } from '@app/event-store';

/** Stream type of every custom domain's events. */
export const DOMAIN_STREAM = 'Domain';

/** Stored event type strings: permanent (never rename; add a new event or an alias). */
export const DOMAIN_ADDED = 'domain-added';
export const DOMAIN_UPDATED = 'domain-updated';
export const DOMAIN_SSL_GENERATED = 'domain-ssl-generated';
export const DOMAIN_DELETED = 'domain-deleted';

/** `domain` is the lowercased host name. Dates are ISO strings. */
export type DomainAdded = DomainEvent<typeof DOMAIN_ADDED, { domainId: string; ownerId: string; domain: string; at: string }>;
export type DomainUpdated = DomainEvent<typeof DOMAIN_UPDATED, { domainId: string; domain: string; at: string }>;
/**
 * Carries the certificate AND its private key as PEM. Deliberate and honest: the `domains` read model must be
 * rebuildable from the event store alone, so the key has to live in the event data. Whoever can read `events` can
 * read the key: it is a self-signed certificate the product never serves, so its exposure costs little; a real CA
 * certificate would need the key kept outside the store (secret manager, key id in the event).
 */
export type DomainSslGenerated = DomainEvent<
  typeof DOMAIN_SSL_GENERATED,
  { domainId: string; certificatePem: string; privateKeyPem: string; at: string }
>;
export type DomainDeleted = DomainEvent<typeof DOMAIN_DELETED, { domainId: string; domain: string; at: string; by: string }>;

export type DomainStreamEvent = DomainAdded | DomainUpdated | DomainSslGenerated | DomainDeleted;
export const DOMAIN_EVENT_TYPES: readonly string[] = [DOMAIN_ADDED, DOMAIN_UPDATED, DOMAIN_SSL_GENERATED, DOMAIN_DELETED];
