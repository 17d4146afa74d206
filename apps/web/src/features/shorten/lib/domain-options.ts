import type { DomainDto } from '@app/contracts';
import type { SelectOption } from '../../../components/ui/OptionSelect';
import { DEFAULT_DOMAIN } from './build-request';

/** Why a custom domain cannot take links yet (it serves only once its DNS record is verified). */
export function unavailableReason(domain: DomainDto): string {
  return domain.verification.status === 'expired' ? 'verification expired' : 'waiting for DNS verification';
}

/**
 * The Domain select of Shorten URL: the default domain and the active custom domains to choose (docs/product.md:
 * only active domains are offered); a domain not verified yet is listed too, disabled, with the reason, so it is not
 * silently missing.
 */
export function domainOptions(domains: DomainDto[]): SelectOption[] {
  return [
    { value: DEFAULT_DOMAIN, label: 'Default domain' },
    ...domains.filter((d) => d.isActive).map((d) => ({ value: d.id, label: d.domain })),
    ...domains.filter((d) => !d.isActive).map((d) => ({ value: d.id, label: `${d.domain} (${unavailableReason(d)})`, disabled: true })),
  ];
}
