import { notify } from '../../../lib';
import { checkDomain, INVALID_DOMAIN_TITLE, invalidDomainMessage } from './validate-domain';

/** The domain name typed, ready to send; undefined when nothing was typed, or when it is invalid (the user is told why). */
export function acceptDomain(input: string): string | undefined {
  const check = checkDomain(input);
  if (check.kind === 'empty') return undefined;
  if (check.kind === 'invalid') {
    notify.error(INVALID_DOMAIN_TITLE, invalidDomainMessage());
    return undefined;
  }
  return check.domain;
}
