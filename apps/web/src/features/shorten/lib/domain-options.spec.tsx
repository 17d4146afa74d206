import { describe, expect, it } from '@jest/globals';
import type { DomainDto } from '@app/contracts';
import { domainOptions } from './domain-options';

const domain = (name: string, status: 'verified' | 'pending' | 'expired'): DomainDto => ({
  id: `id-${name}`,
  domain: name,
  isActive: status === 'verified',
  createdAt: '2026-11-20T10:00:00.000Z',
  sslCertificate: { exists: false, generated: null } as unknown as DomainDto['sslCertificate'],
  verification: { status, record: null, checkedAt: null, expiresAt: null, error: null } as unknown as DomainDto['verification'],
});

describe('domainOptions', () => {
  it('offers the default and active domains; lists unverified ones disabled, saying why', () => {
    expect(domainOptions([domain('go.brand.com', 'verified'), domain('new.brand.com', 'pending'), domain('old.brand.com', 'expired')])).toEqual([
      { value: 'default', label: 'Default domain' },
      { value: 'id-go.brand.com', label: 'go.brand.com' },
      { value: 'id-new.brand.com', label: 'new.brand.com (waiting for DNS verification)', disabled: true },
      { value: 'id-old.brand.com', label: 'old.brand.com (verification expired)', disabled: true },
    ]);
  });
});
