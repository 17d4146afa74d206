import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@app/config';
import type { LoginResponse } from '@app/contracts';
import { REDIS } from '@app/queue';
import { IdentityErrors } from '../model/identity.errors.js';
import { verifyAgainstDummy, verifyPassword } from '../passwords.js';
import { rowToUserDto, findUserForLogin } from '../queries/user-read-store.js';
import { hitRateLimits, signInHits } from '../rate-limit/rate-limiter.js';
import { AccountBackoff } from '../rate-limit/account-backoff.js';
import { foldUsername, USERNAME_PATTERN } from '../model/credential-rules.js';
import { createSession } from '../sessions.js';
import { LoginCommand } from './login.command.js';
import { ChallengeStore } from '../two-factor/challenge.js';

@CommandHandler(LoginCommand)
export class LoginHandler implements ICommandHandler<LoginCommand> {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Unknown user and wrong password give the same 401 after the same work, so neither can be told apart. */
  async execute(cmd: LoginCommand): Promise<LoginResponse> {
    if (!this.config.localLogin) throw IdentityErrors.localLoginOff();
    // One key per account however it is spelt (NFKC + case fold), for the lookup and every counter.
    const account = foldUsername(cmd.username);
    await hitRateLimits(this.redis, this.config, signInHits(cmd.ip, account));
    const backoff = new AccountBackoff(this.redis, this.config.redisPrefix);
    await backoff.assertAllowed(account, cmd.ip);
    // Outside the username character set no account can match (Postgres and JavaScript fold non-ASCII differently).
    const row = USERNAME_PATTERN.test(account) ? await findUserForLogin(this.dataSource, account) : null;
    // An account made by single sign-on has no password: it costs the same work and gets the same 401.
    const ok = row?.password_hash ? await verifyPassword(row.password_hash, cmd.password) : await verifyAgainstDummy(cmd.password);
    if (!row || !ok) {
      await backoff.failed(account);
      throw IdentityErrors.invalidCredentials();
    }
    await backoff.succeeded(account, cmd.ip);
    if (row.two_factor_enabled) {
      const challenge = await new ChallengeStore(this.redis, this.config.redisPrefix).open({ userId: row.id, account });
      return { twoFactorRequired: true, challenge };
    }
    const sessionId = await createSession(this.dataSource, row.id, this.config.sessionTtlDays, { userAgent: cmd.userAgent, ip: cmd.ip });
    return { user: rowToUserDto(row), sessionId };
  }
}
