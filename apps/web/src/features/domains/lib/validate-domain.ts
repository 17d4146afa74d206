import { DOMAIN_PATTERN } from '@app/contracts';

export type DomainCheck = { kind: 'empty' } | { kind: 'invalid' } | { kind: 'valid'; domain: string };

/** What people paste: an address with its scheme (`https://`) and a trailing slash; the name is what remains. */
const PASTED_ADDRESS = /^(?:https?:\/\/)?([^/]*)\/?$/i;

/**
 * docs/product.md#validation: trim; empty is a silent no-op; otherwise the domain rule (labels up to 63 chars,
 * letter-only TLD of 2+). A pasted `http://` or `https://` and a trailing `/` are dropped rather than refused.
 */
export function checkDomain(input: string): DomainCheck {
  const trimmed = input.trim();
  if (!trimmed) return { kind: 'empty' };
  const domain = (PASTED_ADDRESS.exec(trimmed)?.[1] ?? trimmed).toLowerCase();
  return DOMAIN_PATTERN.test(domain) ? { kind: 'valid', domain } : { kind: 'invalid' };
}

export const INVALID_DOMAIN_TITLE = 'Invalid Domain';
export const EXAMPLE_DOMAIN = 'links.yourdomain.com';
export const invalidDomainMessage = (exampleHost: string = EXAMPLE_DOMAIN) => `Please enter a valid domain name (e.g., ${exampleHost})`;
