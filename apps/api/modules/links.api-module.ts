import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { EventStore } from '@app/event-store';
import { DomainsProjection, LINKS_HANDLERS, LinkCache, LinksProjection } from '@app/links';
import { REDIS } from '@app/queue';
import { DomainsController } from '../controllers/links/domains.controller.js';
import { LinksController } from '../controllers/links/links.controller.js';

/** Links and custom domains: their controllers, handlers, and the `links`/`domains` projections (which feed the redirector's Redis cache). */
@Module({ imports: [], controllers: [LinksController, DomainsController], providers: [...LINKS_HANDLERS] })
export class LinksApiModule implements OnModuleInit {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const cache = new LinkCache(this.redis, this.dataSource, this.config.redisPrefix);
    // Links first: on user-deleted it reads each link's domain name before DomainsProjection removes the domain rows.
    this.store.register(new LinksProjection(cache));
    this.store.register(new DomainsProjection(cache));
  }
}
