import { Aggregate } from '@app/event-store';
import { LinksErrors } from './links.errors.js';
import { checkDomainName } from './link-rules.js';
import { DOMAIN_ADDED, DOMAIN_DELETED, DOMAIN_SSL_GENERATED, DOMAIN_UPDATED, type DomainStreamEvent } from './domain.events.js';

/** A freshly made self-signed certificate and its key, as PEM. */
export interface SslMaterial {
  certificatePem: string;
  privateKeyPem: string;
}

/** A custom domain: added (active), renamed, given a (re)generated self-signed certificate, deleted. */
export class CustomDomain extends Aggregate<DomainStreamEvent> {
  id = '';
  ownerId = '';
  domain = '';
  deleted = false;

  /** `isOwnHost` refuses the product's own short host. */
  static add(input: { domainId: string; ownerId: string; domain: string; at: Date }, isOwnHost: (host: string) => boolean): CustomDomain {
    const domain = checkDomainName(input.domain);
    if (isOwnHost(domain)) throw LinksErrors.domainOwnHost();
    const d = new CustomDomain();
    d.raise({ type: DOMAIN_ADDED, data: { domainId: input.domainId, ownerId: input.ownerId, domain, at: input.at.toISOString() } });
    return d;
  }

  static fromEvents(history: readonly DomainStreamEvent[]): CustomDomain | null {
    if (history.length === 0) return null;
    return new CustomDomain().replay(history);
  }

  get exists(): boolean {
    return this.id !== '' && !this.deleted;
  }

  /** Everyone (admins too) manages only their own domains; others' look like missing ones. */
  assertOwnedBy(actorId: string): void {
    if (!this.exists || this.ownerId !== actorId) throw LinksErrors.domainNotFound();
  }

  rename(raw: string, at: Date, isOwnHost: (host: string) => boolean): void {
    if (!this.exists) throw LinksErrors.domainNotFound();
    const domain = checkDomainName(raw);
    if (isOwnHost(domain)) throw LinksErrors.domainOwnHost();
    if (domain === this.domain) return;
    this.raise({ type: DOMAIN_UPDATED, data: { domainId: this.id, domain, at: at.toISOString() } });
  }

  generateSsl(material: SslMaterial, at: Date): void {
    if (!this.exists) throw LinksErrors.domainNotFound();
    this.raise({ type: DOMAIN_SSL_GENERATED, data: { domainId: this.id, ...material, at: at.toISOString() } });
  }

  /** `linkCount` of the domain's links (read model): a domain with links is kept. */
  delete(linkCount: number, by: string, at: Date): void {
    if (!this.exists) throw LinksErrors.domainNotFound();
    if (linkCount > 0) throw LinksErrors.domainHasLinks(linkCount);
    this.raise({ type: DOMAIN_DELETED, data: { domainId: this.id, domain: this.domain, at: at.toISOString(), by } });
  }

  protected when(event: DomainStreamEvent): void {
    switch (event.type) {
      case DOMAIN_ADDED:
        this.id = event.data.domainId;
        this.ownerId = event.data.ownerId;
        this.domain = event.data.domain;
        break;
      case DOMAIN_UPDATED:
        this.domain = event.data.domain;
        break;
      case DOMAIN_DELETED:
        this.deleted = true;
        break;
      case DOMAIN_SSL_GENERATED:
        break;
    }
  }
}
