import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { APP_CONFIG, rateLimitFailOpen, type AppConfig } from '@app/config';
import type { AuthResponse } from '@app/contracts';
import { REDIS } from '@app/queue';
import { IdentityErrors } from '../model/identity.errors.js';
import { verifyAgainstDummy, verifyPassword } from '../passwords.js';
import { rowToUserDto, findUserForLogin } from '../queries/user-rows.js';
import { hitRateLimits, RATE_RULES } from '../rate-limit/rate-limiter.js';
import { AccountBackoff } from '../rate-limit/account-backoff.js';
import { foldUsername, USERNAME_PATTERN } from '../model/credential-rules.js';
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
    // One key per account however it is spelt (NFKC + case fold), for the lookup and every counter.
    const account = foldUsername(cmd.username);
    await hitRateLimits(
      this.redis,
      this.config.redisPrefix,
      [
        [RATE_RULES.loginPerIpAndUser, `${cmd.ip}|${account}`],
        [RATE_RULES.loginPerIp, cmd.ip],
      ],
      rateLimitFailOpen(this.config.logLevel),
    );
    const backoff = new AccountBackoff(this.redis, this.config.redisPrefix);
    await backoff.assertAllowed(account, cmd.ip);
    // Outside the username character set no account can match (Postgres and JavaScript fold non-ASCII differently).
    const row = USERNAME_PATTERN.test(account) ? await findUserForLogin(this.dataSource, account) : null;
    const ok = row ? await verifyPassword(row.password_hash, cmd.password) : await verifyAgainstDummy(cmd.password);
    if (!row || !ok) {
      await backoff.failed(account);
      throw IdentityErrors.invalidCredentials();
    }
    await backoff.succeeded(account, cmd.ip);
    const sessionId = await createSession(this.dataSource, row.id, this.config.sessionTtlDays);
    return { user: rowToUserDto(row), sessionId };
  }
}
