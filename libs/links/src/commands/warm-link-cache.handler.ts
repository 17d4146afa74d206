import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { AppError, type WarmCacheResultDto } from '@app/contracts';
import { REDIS } from '@app/queue';
import { LinkCache } from '../projections/link-cache.js';
import { WarmLinkCacheCommand } from './warm-link-cache.command.js';

@CommandHandler(WarmLinkCacheCommand)
export class WarmLinkCacheHandler implements ICommandHandler<WarmLinkCacheCommand> {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(): Promise<WarmCacheResultDto> {
    if (this.redis.status !== 'ready') throw new AppError(503, 'Redis is not reachable; try Recover on System Monitoring.');
    return { warmed: await new LinkCache(this.redis, this.dataSource, this.config.redisPrefix).writeAll() };
  }
}
