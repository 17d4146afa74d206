import { randomBytes, randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { AppConfig, Logger } from '@app/config';
import { AppError } from '@app/contracts';
import type { EventStore } from '@app/event-store';
import { User } from '../model/user.aggregate.js';
import { hashPassword } from '../passwords.js';
import { findUserForLogin } from '../queries/user-read-store.js';
import { saveNewAccount } from './user-store.js';

export interface EnsureAdminResult {
  created: boolean;
  /** Only when the password was generated (ADMIN_PASSWORD unset); already printed once. */
  generatedPassword?: string;
}

/**
 * Makes sure ADMIN_USERNAME exists, as an approved admin. Created once (never changed afterwards); when ADMIN_PASSWORD
 * is unset a strong password is generated and printed once on stdout. `store` is the process's event store with every
 * projection (@app/projections).
 */
export async function ensureAdmin(
  config: AppConfig,
  dataSource: DataSource,
  store: EventStore,
  log: Logger,
  print: (text: string) => void = (text) => process.stdout.write(text),
): Promise<EnsureAdminResult> {
  const existing = await findUserForLogin(dataSource, config.adminUsername);
  if (existing) {
    if (!existing.is_admin) log.warn('ADMIN_USERNAME belongs to a regular account; no admin was created', { username: config.adminUsername });
    return { created: false };
  }
  const generated = config.adminPassword ? undefined : randomBytes(18).toString('base64url');
  const password = config.adminPassword ?? generated!;
  const user = User.register({
    userId: randomUUID(),
    username: config.adminUsername,
    passwordHash: await hashPassword(password),
    isAdmin: true,
    at: new Date(),
  });
  user.approve(null, new Date());
  try {
    await saveNewAccount(store, user, { actorId: null });
  } catch (err) {
    // Another process created it at the same moment: that admin stands.
    if (err instanceof AppError && err.statusCode === 409) return { created: false };
    throw err;
  }
  log.info('admin account created', { username: config.adminUsername });
  if (generated) {
    print(
      `\n  Admin account created: ${config.adminUsername}\n  Admin password (shown once): ${generated}\n  Sign in and keep it safe; it is stored only as a hash.\n\n`,
    );
  }
  return { created: true, generatedPassword: generated };
}
