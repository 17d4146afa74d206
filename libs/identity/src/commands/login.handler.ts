import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@app/config';
import type { AuthResponse } from '@app/contracts';
import { REDIS } from '@app/queue';
import { IdentityErrors } from '../domain/identity.errors.js';
import { verifyAgainstDummy, verifyPassword } from '../passwords.js';
import { rowToUserDto, findUserForLogin } from '../queries/user-rows.js';
import { hitRateLimits, RATE_RULES } from '../rate-limit/rate-limiter.js';
import { createSession } from '../sessions.js';
import { LoginCommand } from './login.command.js';

@CommandHandler(LoginCommand)
export class LoginHandler implements ICommandHandler<LoginCommand> {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Unknown user and wrong password give the same 401 after the same work, so neither can be told apart. */
  async execute(cmd: LoginCommand): Promise<AuthResponse> {
    await hitRateLimits(this.redis, this.config.redisPrefix, [
      [RATE_RULES.loginPerIpAndUser, `${cmd.ip}|${cmd.username}`],
      [RATE_RULES.loginPerIp, cmd.ip],
    ]);
    const row = await findUserForLogin(this.dataSource, cmd.username);
    const ok = row ? await verifyPassword(row.password_hash, cmd.password) : await verifyAgainstDummy(cmd.password);
    if (!row || !ok) throw IdentityErrors.invalidCredentials();
    const sessionId = await createSession(this.dataSource, row.id, this.config.sessionTtlDays);
    return { user: rowToUserDto(row), sessionId };
  }
}
