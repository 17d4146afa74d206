import { dictionary } from '@zxcvbn-ts/language-common';

let common: Set<string> | null = null;

/**
 * True when the password (case-insensitively) is on the ~50 000-entry common-password list shipped by the maintained
 * `@zxcvbn-ts/language-common` package (loaded once, on first use).
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}
