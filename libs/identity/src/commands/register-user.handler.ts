import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@app/config';
import type { AuthResponse } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { REDIS } from '@app/queue';
import { IdentityErrors } from '../model/identity.errors.js';
import { hashPassword } from '../passwords.js';
import { isCommonPassword } from '../model/common-passwords.js';
import { findUserById, findUserForLogin } from '../queries/user-read-store.js';
import { hitRateLimits, RATE_RULES } from '../rate-limit/rate-limiter.js';
import { createSession } from '../sessions.js';
import { RegisterUserCommand } from './register-user.command.js';
import { registerAccount } from './register-account.js';

@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(cmd: RegisterUserCommand): Promise<AuthResponse> {
    if (!this.config.localLogin) throw IdentityErrors.localLoginOff();
    await hitRateLimits(this.redis, this.config, [[RATE_RULES.registerPerIp, cmd.ip]]);
    if (isCommonPassword(cmd.password)) throw IdentityErrors.commonPassword();
    // Cheap early answer; the unique index decides under races (mapped to the same 409 by saveUser).
    if (await findUserForLogin(this.dataSource, cmd.username)) throw IdentityErrors.usernameTaken();
    const userId = randomUUID();
    await registerAccount(
      this.store,
      { userId, username: cmd.username, passwordHash: await hashPassword(cmd.password), isAdmin: false },
      cmd.requestId,
    );
    const sessionId = await createSession(this.dataSource, userId, this.config.sessionTtlDays, { userAgent: cmd.userAgent, ip: cmd.ip });
    return { user: (await findUserById(this.dataSource, userId))!, sessionId };
  }
}
