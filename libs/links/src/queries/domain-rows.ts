import type { DataSource } from 'typeorm';
import type { DomainDto } from '@app/contracts';
import { formatDate, localDateString } from '@app/time';

interface DomainRow {
  id: string;
  domain: string;
  is_active: boolean;
  created_at: Date;
  has_certificate: boolean;
  ssl_generated_at: Date | null;
}

/** 'Self-signed · Nov 22, 2026' (UTC date of generation). */
export const sslLabel = (at: Date): string => `Self-signed · ${formatDate(localDateString(at, 0))}`;

/** The owner's domains, oldest first (the PEMs never leave the database through here). */
export async function selectDomains(dataSource: DataSource, where: string, params: unknown[]): Promise<DomainDto[]> {
  const rows: DomainRow[] = await dataSource.query(
    `SELECT id, domain, is_active, created_at, ssl_certificate IS NOT NULL AS has_certificate, ssl_generated_at
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
  }));
}
