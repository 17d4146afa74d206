import { UUID_PATTERN } from '@app/contracts';
import { ConcurrencyError, isUniqueViolation, type EventMetadata, type EventStore } from '@app/event-store';
import { CustomDomain } from '../model/custom-domain.aggregate.js';
import { DOMAIN_STREAM, type DomainStreamEvent } from '../model/custom-domain.events.js';
import { Link } from '../model/link.aggregate.js';
import { LINK_STREAM, type LinkEvent } from '../model/link.events.js';
import { LinksErrors } from '../model/links.errors.js';

export const isUuid = (id: string): boolean => UUID_PATTERN.test(id);

/** A link's stream; 404 for an unknown (or malformed) id. */
export async function loadLink(store: EventStore, id: string): Promise<Link> {
  const link = isUuid(id) ? Link.fromEvents((await store.load(id)).map((e) => ({ type: e.type, data: e.data }) as LinkEvent)) : null;
  if (!link?.exists) throw LinksErrors.linkNotFound();
  return link;
}

export async function loadDomain(store: EventStore, id: string): Promise<CustomDomain> {
  const domain = isUuid(id)
    ? CustomDomain.fromEvents((await store.load(id)).map((e) => ({ type: e.type, data: e.data }) as DomainStreamEvent))
    : null;
  if (!domain?.exists) throw LinksErrors.domainNotFound();
  return domain;
}

/** Appends the link's new events: a taken code on its domain is 409, a lost race 409. */
export async function saveLink(store: EventStore, link: Link, metadata: EventMetadata): Promise<void> {
  await save(store, LINK_STREAM, link.id, link, metadata);
}

/** Appends the domain's new events: a name registered by anyone is 409. */
export async function saveDomain(store: EventStore, domain: CustomDomain, metadata: EventMetadata): Promise<void> {
  await save(store, DOMAIN_STREAM, domain.id, domain, metadata);
}

async function save(store: EventStore, streamType: string, id: string, aggregate: Link | CustomDomain, metadata: EventMetadata): Promise<void> {
  const pending = aggregate.takePending();
  try {
    await store.append(streamType, id, aggregate.version, pending, metadata);
    aggregate.version += pending.length;
  } catch (err) {
    if (isUniqueViolation(err, 'links_code_per_domain')) throw LinksErrors.shortCodeTaken();
    if (isUniqueViolation(err, 'domains_domain_unique')) throw LinksErrors.domainTaken();
    if (err instanceof ConcurrencyError) throw LinksErrors.changedMeanwhile();
    throw err;
  }
}
