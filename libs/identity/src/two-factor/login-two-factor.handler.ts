import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@app/config';
import type { AuthResponse } from '@app/contracts';
import { REDIS } from '@app/queue';
import { TwoFactorErrors } from '../model/identity.errors.js';
import { findUserById } from '../queries/user-read-store.js';
import { hitRateLimits, signInHits } from '../rate-limit/rate-limiter.js';
import { createSession } from '../sessions.js';
import { ChallengeStore } from './challenge.js';
import { checkSecondFactor } from './second-factor.js';
import { LoginTwoFactorCommand } from './login-two-factor.command.js';

@CommandHandler(LoginTwoFactorCommand)
export class LoginTwoFactorHandler implements ICommandHandler<LoginTwoFactorCommand> {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(cmd: LoginTwoFactorCommand): Promise<AuthResponse> {
    const challenges = new ChallengeStore(this.redis, this.config.redisPrefix);
    const challenge = await challenges.read(cmd.challenge);
    const ip = cmd.origin.ip;
    // The sign-in limits count this step on the same counters as the password step.
    await hitRateLimits(this.redis, this.config, signInHits(ip, challenge?.account ?? null));
    if (!challenge) throw TwoFactorErrors.challengeEnded();
    if (!(await checkSecondFactor(this.dataSource, this.config, challenge.userId, cmd.code))) {
      const left = await challenges.wrongCode(cmd.challenge);
      throw left === 0 ? TwoFactorErrors.challengeEnded() : TwoFactorErrors.challengeWrongCode(left);
    }
    if (!(await challenges.close(cmd.challenge))) throw TwoFactorErrors.challengeEnded();
    const user = await findUserById(this.dataSource, challenge.userId);
    if (!user) throw TwoFactorErrors.challengeEnded();
    const sessionId = await createSession(this.dataSource, user.id, this.config.sessionTtlDays, cmd.origin);
    return { user, sessionId };
  }
}
