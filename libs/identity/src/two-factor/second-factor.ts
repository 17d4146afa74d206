import type { DataSource } from 'typeorm';
import type { AppConfig } from '@app/config';
import { looksLikeRecoveryCode, totpStep } from './totp.js';
import { readTwoFactor, useRecoveryCode, useTotpStep, type SecretKeys } from './two-factor-store.js';

export const secretKeys = (config: AppConfig): SecretKeys => ({ current: config.secretsKey, previous: config.previousSecretsKeys });

/**
 * True when `code` is the user's TOTP code of the previous, current or next 30-second step (not used before) or one of
 * their unused recovery codes (now used). Both are spent in the same statement that checks them, so a code works once.
 */
export async function checkSecondFactor(db: DataSource, config: AppConfig, userId: string, code: string): Promise<boolean> {
  const stored = await readTwoFactor(db, secretKeys(config), userId);
  if (!stored?.enabled) return false;
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const step = await totpStep(stored.secret, trimmed, stored.lastStep);
    return step !== null && (await useTotpStep(db, userId, step));
  }
  return looksLikeRecoveryCode(trimmed) && (await useRecoveryCode(db, userId, trimmed));
}
