import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238 defaults every authenticator app reads: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
/** The product's name in the authenticator app. */
const ISSUER = 'LinkPulse';

export const newTotpSecret = (): string => generateSecret();

export const totpUri = (secret: string, username: string): string => generateURI({ issuer: ISSUER, label: username, secret });

/**
 * The time step a 6-digit code belongs to when it is the code of the current step or of the one just before or after
 * (±30 s of clock drift, as authenticator apps expect); null otherwise. Steps at or before `afterStep` are refused, so
 * a code that signed in once cannot sign in again (RFC 6238 §5.2).
 */
export async function totpStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  }).catch(() => null);
  return result?.valid && 'timeStep' in result ? result.timeStep : null;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** Ten recovery codes like `k7m2p-x9q4r` (10 characters of a 31-letter alphabet: ~50 bits each). */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** The form a recovery code is hashed and compared in: lower case, no spaces or dashes. */
export const normalizeRecoveryCode = (code: string): string => code.toLowerCase().replace(/[\s-]/g, '');
/** A string that can be a recovery code (normalised: 10 letters of the alphabet). */
export const looksLikeRecoveryCode = (code: string): boolean => /^[a-z2-9]{10}$/.test(normalizeRecoveryCode(code));
