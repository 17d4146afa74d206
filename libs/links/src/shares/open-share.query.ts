import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { APP_CONFIG, rateLimitFailOpen, type AppConfig } from '@app/config';
import { AppError, redisKeys, shortUrlFor, type SharedAnalyticsDto } from '@app/contracts';
import { PASSWORD_WINDOW_SEC, PasswordTries, REDIS, addressGroup, countInWindow, peekWindow } from '@app/queue';
import { linkPasswordMatches } from '../passwords/link-passwords.js';
import { ShareErrors } from './share.errors.js';
import { isShareToken, liveShareByToken } from './share-store.js';

/** Public page requests per address group (an IPv4 address, an IPv6 /64) per minute, every share together. */
export const SHARE_PAGE_REQUESTS = 60;
const SHARE_PAGE_WINDOW_SEC = 60;

/** What a public page may read: whose clicks (the share's workspace) and which (its link, or its tag's links). */
export interface OpenedShare {
  workspaceId: string;
  linkId: string | null;
  tag: string | null;
  subject: SharedAnalyticsDto['subject'];
}

/**
 * Opens a shared stats page for an anonymous visitor (docs/security.md "Shared stats pages"): the address's request
 * limit first, then the token (unknown, revoked, expired: one 404), then the password, whose tries are counted before
 * it is verified, as on password links (`PasswordTries`, 5 per address and 20 per page in 15 minutes).
 */
export class OpenShareQuery extends Query<OpenedShare> {
  constructor(
    readonly token: string,
    readonly password: string | undefined,
    readonly ip: string,
  ) {
    super();
  }
}

@QueryHandler(OpenShareQuery)
export class OpenShareHandler implements IQueryHandler<OpenShareQuery> {
  private readonly tries: PasswordTries;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.tries = new PasswordTries(redis, config.redisPrefix);
  }

  async execute({ token, password, ip }: OpenShareQuery): Promise<OpenedShare> {
    await this.countRequest(ip);
    const share = isShareToken(token) ? await liveShareByToken(this.dataSource, token, new Date()) : null;
    if (!share) throw ShareErrors.pageGone();
    if (share.hasPassword) {
      if (!password) throw ShareErrors.passwordNeeded();
      const secret = `share:${share.id}`;
      if (!(await this.redisOr503(() => this.tries.take(secret, ip)))) throw ShareErrors.tooManyTries(PASSWORD_WINDOW_SEC);
      if (!share.passwordHash || !(await linkPasswordMatches(share.passwordHash, password))) throw ShareErrors.wrongPassword();
      await this.redisOr503(() => this.tries.giveBack(secret, ip));
    }
    const subject: OpenedShare['subject'] =
      share.linkId !== null
        ? { type: 'link', name: share.linkName ?? '', shortUrl: shortUrlFor(this.config.shortBaseUrl, share.domain, share.shortCode ?? '') }
        : { type: 'tag', tag: share.tag ?? '' };
    return { workspaceId: share.workspaceId, linkId: share.linkId, tag: share.tag, subject };
  }

  /**
   * One request of the address on any share page. Fails open like the sign-in limits (docs/security.md): without Redis
   * the page still answers (it reads only what its owner published); the password tries below do not.
   */
  private async countRequest(ip: string): Promise<void> {
    const key = redisKeys(this.config.redisPrefix).rateLimit('share-page', addressGroup(ip));
    const failOpen = rateLimitFailOpen(this.config.logLevel);
    let count: number;
    try {
      count = await countInWindow(this.redis, key, SHARE_PAGE_WINDOW_SEC);
      failOpen.checked();
    } catch (err) {
      failOpen.failedOpen('share-page', err);
      return;
    }
    if (count > SHARE_PAGE_REQUESTS) {
      const { secondsLeft } = await peekWindow(this.redis, key).catch(() => ({ secondsLeft: SHARE_PAGE_WINDOW_SEC }));
      throw ShareErrors.tooManyRequests(Math.max(1, secondsLeft));
    }
  }

  /** A password try needs its counter: without Redis the page answers 503 rather than allow unlimited guessing. */
  private async redisOr503<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch {
      throw new AppError(503, 'Password checks are unavailable right now. Please try again in a moment.', 'SHARE_UNAVAILABLE', 5);
    }
  }
}
