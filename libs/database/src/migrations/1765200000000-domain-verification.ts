import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Domain ownership (docs/product.md#domain-ownership): a domain is pending until a DNS TXT record carries its token. Domains added
 * before this stay verified (the column default). Only verified names are unique: a pending claim blocks nobody, so
 * several users may claim a name and whoever controls its DNS verifies it. `verification_checked_at/_error/
 * _attempts/_next_check_at` are the background re-check's working state (not event-sourced: a rebuild resets them
 * and the domains are simply checked again).
 */
export class DomainVerification1765200000000 implements MigrationInterface {
  name = 'DomainVerification1765200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE domains
        ADD COLUMN verification_status text NOT NULL DEFAULT 'verified' CHECK (verification_status IN ('pending', 'verified', 'expired')),
        ADD COLUMN verification_token text,
        ADD COLUMN verification_expires_at timestamptz,
        ADD COLUMN verification_checked_at timestamptz,
        ADD COLUMN verification_error text,
        ADD COLUMN verification_attempts integer NOT NULL DEFAULT 0,
        ADD COLUMN verification_next_check_at timestamptz;
      DROP INDEX domains_domain_unique;
      CREATE UNIQUE INDEX domains_domain_unique ON domains (lower(domain)) WHERE verification_status = 'verified';
      CREATE INDEX domains_domain_lookup ON domains (lower(domain));
      CREATE INDEX domains_pending_due ON domains (verification_next_check_at) WHERE verification_status = 'pending';
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX domains_pending_due;
      DROP INDEX domains_domain_lookup;
      DROP INDEX domains_domain_unique;
      DELETE FROM domains WHERE verification_status <> 'verified';
      CREATE UNIQUE INDEX domains_domain_unique ON domains (lower(domain));
      ALTER TABLE domains
        DROP COLUMN verification_status, DROP COLUMN verification_token, DROP COLUMN verification_expires_at,
        DROP COLUMN verification_checked_at, DROP COLUMN verification_error, DROP COLUMN verification_attempts,
        DROP COLUMN verification_next_check_at;
    `);
  }
}
