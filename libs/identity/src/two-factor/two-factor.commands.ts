import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { APP_CONFIG, rateLimitFailOpen, type AppConfig } from '@app/config';
import type { AuthResponse, TwoFactorEnabledResponse, TwoFactorSetupResponse } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { REDIS } from '@app/queue';
import { loadUser, saveUser } from '../commands/save-user.js';
import { TwoFactorErrors } from '../model/identity.errors.js';
import { verifyPassword } from '../passwords.js';
import { findUserById, findUserWithHash } from '../queries/user-rows.js';
import { hitRateLimits, RATE_RULES } from '../rate-limit/rate-limiter.js';
import { createSession, type SessionOrigin } from '../sessions.js';
import { ChallengeStore } from './challenge.js';
import { checkSecondFactor, secretKeys } from './second-factor.js';
import { newRecoveryCodes, newTotpSecret, totpStep, totpUri } from './totp.js';
import { deleteTwoFactor, enableTwoFactor, readTwoFactor, saveTwoFactorSetup, useTotpStep } from './two-factor-store.js';

/** A new TOTP secret for the authenticator app, waiting for its first code (shown only in this answer). */
export class SetupTwoFactorCommand extends Command<TwoFactorSetupResponse> {
  constructor(readonly userId: string) {
    super();
  }
}
@CommandHandler(SetupTwoFactorCommand)
export class SetupTwoFactorHandler implements ICommandHandler<SetupTwoFactorCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}
  async execute(cmd: SetupTwoFactorCommand): Promise<TwoFactorSetupResponse> {
    const user = await loadUser(this.store, cmd.userId);
    if (user.twoFactorEnabled) throw TwoFactorErrors.alreadyOn();
    const secret = newTotpSecret();
    await saveTwoFactorSetup(this.dataSource, secretKeys(this.config), cmd.userId, secret);
    return { secret, otpauthUrl: totpUri(secret, user.username) };
  }
}

/** The first code from the app confirms the secret: two-factor sign-in is on, and 10 recovery codes are shown once. */
export class EnableTwoFactorCommand extends Command<TwoFactorEnabledResponse> {
  constructor(
    readonly userId: string,
    readonly code: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
@CommandHandler(EnableTwoFactorCommand)
export class EnableTwoFactorHandler implements ICommandHandler<EnableTwoFactorCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}
  async execute(cmd: EnableTwoFactorCommand): Promise<TwoFactorEnabledResponse> {
    const user = await loadUser(this.store, cmd.userId);
    if (user.twoFactorEnabled) throw TwoFactorErrors.alreadyOn();
    const stored = await readTwoFactor(this.dataSource, secretKeys(this.config), cmd.userId);
    if (!stored || stored.enabled) throw TwoFactorErrors.noSetup();
    const step = await totpStep(stored.secret, cmd.code.trim(), stored.lastStep);
    if (step === null || !(await useTotpStep(this.dataSource, cmd.userId, step))) throw TwoFactorErrors.wrongCode();
    const recoveryCodes = newRecoveryCodes();
    user.enableTwoFactor(new Date());
    await saveUser(this.store, user, { actorId: cmd.userId, requestId: cmd.requestId ?? null });
    await enableTwoFactor(this.dataSource, cmd.userId, recoveryCodes);
    return { recoveryCodes };
  }
}

/** Turning it off takes the password (when the account has one) and a current code or an unused recovery code. */
export class DisableTwoFactorCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly password: string,
    readonly code: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
@CommandHandler(DisableTwoFactorCommand)
export class DisableTwoFactorHandler implements ICommandHandler<DisableTwoFactorCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}
  async execute(cmd: DisableTwoFactorCommand): Promise<void> {
    const user = await loadUser(this.store, cmd.userId);
    if (!user.twoFactorEnabled) throw TwoFactorErrors.off();
    const row = await findUserWithHash(this.dataSource, cmd.userId);
    if (row?.password_hash && !(await verifyPassword(row.password_hash, cmd.password))) throw TwoFactorErrors.wrongPassword();
    if (!(await checkSecondFactor(this.dataSource, this.config, cmd.userId, cmd.code))) throw TwoFactorErrors.wrongCode();
    user.disableTwoFactor(new Date());
    await saveUser(this.store, user, { actorId: cmd.userId, requestId: cmd.requestId ?? null });
    await deleteTwoFactor(this.dataSource, cmd.userId);
  }
}

/** The second step of a two-factor sign-in: a TOTP code or an unused recovery code opens the session. */
export class LoginTwoFactorCommand extends Command<AuthResponse> {
  constructor(
    readonly challenge: string,
    readonly code: string,
    readonly origin: SessionOrigin & { ip: string },
  ) {
    super();
  }
}
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
    const hits: Parameters<typeof hitRateLimits>[2] = [[RATE_RULES.loginPerIp, ip]];
    if (challenge) hits.unshift([RATE_RULES.loginPerIpAndUser, `${ip}|${challenge.account}`]);
    await hitRateLimits(this.redis, this.config.redisPrefix, hits, rateLimitFailOpen(this.config.logLevel));
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
