import type { DataSource } from 'typeorm';
import { challengeRecordFor, type DomainDto, type DomainVerificationStatus } from '@app/contracts';
import { formatDate, localDateString } from '@app/time';

interface DomainRow {
  id: string;
  domain: string;
  is_active: boolean;
  created_at: Date;
  has_certificate: boolean;
  ssl_generated_at: Date | null;
  verification_status: DomainVerificationStatus;
  verification_token: string | null;
  verification_checked_at: Date | null;
  verification_expires_at: Date | null;
  verification_error: string | null;
}

/** 'Self-signed · Nov 22, 2026' (UTC date of generation). */
const sslLabel = (at: Date): string => `Self-signed · ${formatDate(localDateString(at, 0))}`;

/** The owner's domains, oldest first (certificates and keys are not in this table: `domain_ssl_keys`). */
export async function selectDomains(dataSource: DataSource, where: string, params: unknown[]): Promise<DomainDto[]> {
  const rows = await dataSource.query<DomainRow[]>(
    `SELECT id, domain, is_active, created_at, ssl_fingerprint IS NOT NULL AS has_certificate, ssl_generated_at,
            verification_status, verification_token, verification_checked_at, verification_expires_at, verification_error
     FROM domains WHERE ${where} ORDER BY created_at, domain`,
    params,
  );
  return rows.map((r) => ({
    id: r.id,
    domain: r.domain,
    isActive: r.is_active,
    createdAt: r.created_at.toISOString(),
    sslCertificate: {
      exists: r.has_certificate,
      generated: r.has_certificate && r.ssl_generated_at ? sslLabel(r.ssl_generated_at) : null,
    },
    verification: {
      status: r.verification_status,
      record: r.verification_token ? challengeRecordFor(r.domain, r.verification_token) : null,
      checkedAt: r.verification_checked_at?.toISOString() ?? null,
      expiresAt: r.verification_expires_at?.toISOString() ?? null,
      error: r.verification_error,
    },
  }));
}
