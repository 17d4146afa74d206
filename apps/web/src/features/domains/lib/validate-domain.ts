import { DOMAIN_PATTERN } from '@app/contracts';

export type DomainCheck = { kind: 'empty' } | { kind: 'invalid' } | { kind: 'valid'; domain: string };

/** docs/product.md#validation: trim; empty is a silent no-op; otherwise the domain rule (labels up to 63 chars, letter-only TLD of 2+). */
export function checkDomain(input: string): DomainCheck {
  const domain = input.trim().toLowerCase();
  if (!domain) return { kind: 'empty' };
  return DOMAIN_PATTERN.test(domain) ? { kind: 'valid', domain } : { kind: 'invalid' };
}

export const INVALID_DOMAIN_TITLE = 'Invalid Domain';
export const EXAMPLE_DOMAIN = 'links.yourdomain.com';
export const invalidDomainMessage = (exampleHost: string = EXAMPLE_DOMAIN) => `Please enter a valid domain name (e.g., ${exampleHost})`;
