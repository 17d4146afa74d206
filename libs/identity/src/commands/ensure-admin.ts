import { randomBytes, randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { AppConfig, Logger } from '@app/config';
import { AppError } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { User } from '../domain/user.aggregate.js';
import { hashPassword } from '../passwords.js';
import { UsersProjection } from '../projections/users.projection.js';
import { findUserForLogin } from '../queries/user-rows.js';
import { saveUser } from './save-user.js';

export interface EnsureAdminResult {
  created: boolean;
  /** Only when the password was generated (ADMIN_PASSWORD unset); already printed once. */
  generatedPassword?: string;
}

/**
 * Makes sure ADMIN_USERNAME exists, as an approved admin. Created once (never changed afterwards); when ADMIN_PASSWORD
 * is unset a strong password is generated and printed once on stdout. Pass the app's EventStore so every registered
 * projection sees the events; without one, a store with the users projection alone is used (start-up scripts).
 */
export async function ensureAdmin(
  config: AppConfig,
  dataSource: DataSource,
  eventStore: EventStore | null,
  log: Logger,
  print: (text: string) => void = (text) => process.stdout.write(text),
): Promise<EnsureAdminResult> {
  const existing = await findUserForLogin(dataSource, config.adminUsername);
  if (existing) {
    if (!existing.is_admin) log.warn('ADMIN_USERNAME belongs to a regular account; no admin was created', { username: config.adminUsername });
    return { created: false };
  }
  const store = eventStore ?? standaloneStore(dataSource, log);
  const generated = config.adminPassword ? undefined : randomBytes(18).toString('base64url');
  const password = config.adminPassword ?? generated!;
  const user = User.register({ userId: randomUUID(), username: config.adminUsername, passwordHash: await hashPassword(password), isAdmin: true, at: new Date() });
  user.approve(null, new Date());
  try {
    await saveUser(store, user, { actorId: null });
  } catch (err) {
    // Another process created it at the same moment: that admin stands.
    if (err instanceof AppError && err.statusCode === 409) return { created: false };
    throw err;
  }
  log.info('admin account created', { username: config.adminUsername });
  if (generated) {
    print(`\n  Admin account created: ${config.adminUsername}\n  Admin password (shown once): ${generated}\n  Sign in and keep it safe; it is stored only as a hash.\n\n`);
  }
  return { created: true, generatedPassword: generated };
}

function standaloneStore(dataSource: DataSource, log: Logger): EventStore {
  const store = new EventStore(dataSource, (msg, err) => log.error(msg, { err }));
  store.register(new UsersProjection());
  return store;
}
