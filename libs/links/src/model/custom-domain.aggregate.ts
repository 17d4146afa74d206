import { inWorkspace, type WorkspaceScope } from '@app/contracts';
import { Aggregate } from '@app/event-store';
import { LinksErrors } from './links.errors.js';
import { checkDomainName } from './link-rules.js';
import {
  DOMAIN_ADDED,
  DOMAIN_DELETED,
  DOMAIN_SSL_GENERATED,
  DOMAIN_UPDATED,
  DOMAIN_VERIFICATION_EXPIRED,
  DOMAIN_VERIFIED,
  type DomainStreamEvent,
} from './custom-domain.events.js';

export type VerificationState = 'pending' | 'verified' | 'expired';

/** How a new or renamed domain starts: pending with a fresh token, or verified (DOMAIN_VERIFICATION=off). */
export type VerificationStart = { token: string } | { verified: true };

/** A freshly made self-signed certificate and its key, as PEM, with the certificate's SHA-256 fingerprint (hex). */
export interface SslMaterial {
  certificatePem: string;
  privateKeyPem: string;
  fingerprint: string;
}

/** What the domain's history records of a certificate: never the key. */
export interface SslIssued {
  fingerprint: string;
  label: string;
}

/**
 * A custom domain: added (pending until a DNS TXT record proves ownership, docs/product.md#domain-ownership), verified or expired,
 * renamed (pending again), given a (re)generated self-signed certificate, deleted.
 */
export class CustomDomain extends Aggregate<DomainStreamEvent> {
  id = '';
  ownerId = '';
  domain = '';
  deleted = false;
  verification: VerificationState = 'verified';
  token: string | null = null;

  /** `isOwnHost` refuses the product's own short host. */
  static add(
    input: { domainId: string; ownerId: string; domain: string; at: Date; start: VerificationStart },
    isOwnHost: (host: string) => boolean,
  ): CustomDomain {
    const domain = checkDomainName(input.domain);
    if (isOwnHost(domain)) throw LinksErrors.domainOwnHost();
    const d = new CustomDomain();
    const start = 'token' in input.start ? { verificationToken: input.start.token } : { verified: true };
    d.raise({ type: DOMAIN_ADDED, data: { domainId: input.domainId, ownerId: input.ownerId, domain, at: input.at.toISOString(), ...start } });
    return d;
  }

  static fromEvents(history: readonly DomainStreamEvent[]): CustomDomain | null {
    if (history.length === 0) return null;
    return new CustomDomain().replay(history);
  }

  get exists(): boolean {
    return this.id !== '' && !this.deleted;
  }

  /** Only domains of the caller's workspace (admins included: domains have no every-workspace view); others look missing. */
  assertInWorkspace(scope: WorkspaceScope): void {
    if (!this.exists || !inWorkspace(scope, this.ownerId)) throw LinksErrors.domainNotFound();
  }

  /** Checks a new name first (so a command can look things up about it before renaming). */
  static checkName(raw: string, isOwnHost: (host: string) => boolean): string {
    const domain = checkDomainName(raw);
    if (isOwnHost(domain)) throw LinksErrors.domainOwnHost();
    return domain;
  }

  /** A new name must be proven again: the domain is pending under it (unless verification is off). */
  rename(raw: string, at: Date, isOwnHost: (host: string) => boolean, start: VerificationStart): void {
    if (!this.exists) throw LinksErrors.domainNotFound();
    const domain = CustomDomain.checkName(raw, isOwnHost);
    if (domain === this.domain) return;
    const token = 'token' in start ? { verificationToken: start.token } : {};
    this.raise({ type: DOMAIN_UPDATED, data: { domainId: this.id, domain, at: at.toISOString(), ...token } });
  }

  /** `txtValues`: what `_linkpulse-challenge.{domain}` holds now. True when it carries the token (and verifies). */
  verify(txtValues: readonly string[], expected: string, at: Date): boolean {
    if (!this.exists) throw LinksErrors.domainNotFound();
    if (this.verification === 'verified') return true;
    if (!txtValues.includes(expected)) return false;
    this.raise({ type: DOMAIN_VERIFIED, data: { domainId: this.id, domain: this.domain, at: at.toISOString() } });
    return true;
  }

  /** Pending too long: stops the background re-checks (a no-op unless pending). */
  expire(at: Date): void {
    if (!this.exists || this.verification !== 'pending') return;
    this.raise({ type: DOMAIN_VERIFICATION_EXPIRED, data: { domainId: this.id, domain: this.domain, at: at.toISOString() } });
  }

  generateSsl(issued: SslIssued, at: Date): void {
    if (!this.exists) throw LinksErrors.domainNotFound();
    this.raise({
      type: DOMAIN_SSL_GENERATED,
      data: { domainId: this.id, fingerprint: issued.fingerprint, label: issued.label, at: at.toISOString() },
    });
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
        this.token = event.data.verificationToken ?? null;
        this.verification = this.token ? 'pending' : 'verified';
        break;
      case DOMAIN_UPDATED:
        this.domain = event.data.domain;
        if (event.data.verificationToken) {
          this.token = event.data.verificationToken;
          this.verification = 'pending';
        }
        break;
      case DOMAIN_VERIFIED:
        this.verification = 'verified';
        break;
      case DOMAIN_VERIFICATION_EXPIRED:
        this.verification = 'expired';
        break;
      case DOMAIN_DELETED:
        this.deleted = true;
        break;
      case DOMAIN_SSL_GENERATED:
        break;
    }
  }
}
