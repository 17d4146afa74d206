import { Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { REDIS } from '@app/queue';
import { DataSource } from 'typeorm';
import { ownerNamesByIds } from '@app/identity';
import { createLinkActionsQueue, LINK_ACTIONS_QUEUE, LINKS_HANDLERS, LinkReader, OWNER_NAMES, type OwnerNames } from '@app/links';
import { BulkLinksController } from '../controllers/links/bulk.controller.js';
import { DomainsController } from '../controllers/links/domains.controller.js';
import { LinksController } from '../controllers/links/links.controller.js';
import { TagsController } from '../controllers/links/tags.controller.js';
import { LinkExportController } from '../controllers/integrations/link-export.controller.js';
import { PublicSharesController } from '../controllers/shares/public-shares.controller.js';
import { SharesController } from '../controllers/shares/shares.controller.js';

/** Owner names on admins' link lists come from identity, the owner of `users`. */
const ownerNames = {
  provide: OWNER_NAMES,
  useFactory:
    (dataSource: DataSource): OwnerNames =>
    (ids) =>
      ownerNamesByIds(dataSource, ids),
  inject: [DataSource],
};

/**
 * Links, tags, custom domains and shared stats pages: their controllers and handlers (the `links`/`domains` projections are in
 * ../projections.ts). The export and bulk controllers come first so `/api/links/export` and `/api/links/bulk-actions/:id`
 * win over `GET /api/links/:id`; bulk actions are queued on `link-actions` (run by the worker).
 */
@Module({
  imports: [],
  controllers: [
    LinkExportController,
    BulkLinksController,
    LinksController,
    DomainsController,
    TagsController,
    SharesController,
    PublicSharesController,
  ],
  providers: [
    ...LINKS_HANDLERS,
    LinkReader,
    ownerNames,
    {
      provide: LINK_ACTIONS_QUEUE,
      inject: [REDIS, APP_CONFIG],
      useFactory: (redis: Redis, c: AppConfig) => createLinkActionsQueue(redis, c.redisPrefix),
    },
  ],
})
export class LinksApiModule implements OnModuleDestroy {
  constructor(@Inject(LINK_ACTIONS_QUEUE) private readonly linkActions: Queue) {}

  async onModuleDestroy(): Promise<void> {
    await this.linkActions.close().catch(() => undefined);
  }
}
