import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { redisKeys } from '@app/contracts';
import { countInWindow, REDIS } from '@app/queue';
import { APP_CONFIG, rateLimitFailOpen, type AppConfig } from '@app/config';
import type { DomainDto } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { LinksErrors } from '../model/links.errors.js';
import { generateSelfSigned } from '../ssl/self-signed.js';
import { storeSslKey } from '../ssl/ssl-keys.js';
import { domainDto, domainMeta, ownDomain } from './domain-store.js';
import { saveDomain } from './link-store.js';
import { RegenerateSslCommand } from './regenerate-ssl.command.js';

/** Each generation costs 250–450 ms of CPU: a user gets this many per hour. */
export const SSL_PER_HOUR = 5;
const SSL_LABEL = 'Self-signed';

@CommandHandler(RegenerateSslCommand)
export class RegenerateSslHandler implements ICommandHandler<RegenerateSslCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(cmd: RegenerateSslCommand): Promise<DomainDto> {
    const domain = await ownDomain(this.store, this.dataSource, cmd.actor, cmd.domainId);
    await this.countGeneration(cmd.actor.workspaceId);
    const now = new Date();
    const material = await generateSelfSigned(domain.domain, now);
    // The key first, sealed, in its own table; the event names it by fingerprint (a secret never enters an event).
    await storeSslKey(this.dataSource, this.config.secretsKey, domain.id, material, now);
    domain.generateSsl({ fingerprint: material.fingerprint, label: SSL_LABEL }, now);
    await saveDomain(this.store, domain, domainMeta(cmd.actor, domain.ownerId, cmd.requestId));
    return domainDto(this.dataSource, domain.id);
  }

  /** Per-user hourly allowance (fails open when Redis does not answer, like the sign-in limits). */
  private async countGeneration(ownerId: string): Promise<void> {
    const key = redisKeys(this.config.redisPrefix).rateLimit('ssl-generate', ownerId);
    let count: number;
    try {
      count = await countInWindow(this.redis, key, 3600);
    } catch (err) {
      rateLimitFailOpen(this.config.logLevel).failedOpen('ssl-generate', err);
      return;
    }
    rateLimitFailOpen(this.config.logLevel).checked();
    if (count > SSL_PER_HOUR) throw LinksErrors.sslRateLimited(SSL_PER_HOUR);
  }
}
