import { Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@app/config';
import {
  CHECK_IMPORTED_LINKS,
  IMPORT_QUEUE,
  INTEGRATIONS_HANDLERS,
  WebhookQueue,
  createImportQueue,
  type CheckImportedLinks,
} from '@app/integrations';
import { checkLinksBatch } from '@app/links';
import { DataSource } from 'typeorm';
import { REDIS } from '@app/queue';
import { ImportsController } from '../controllers/integrations/imports.controller.js';
import { WebhooksController } from '../controllers/integrations/webhooks.controller.js';

/** Webhooks and imports (docs/product.md#webhooks, docs/product.md#imports-and-exports): their controllers, handlers and queue producers (the webhook outbox projection is in @app/projections). */
@Module({
  imports: [],
  controllers: [WebhooksController, ImportsController],
  providers: [
    ...INTEGRATIONS_HANDLERS,
    { provide: IMPORT_QUEUE, inject: [REDIS, APP_CONFIG], useFactory: (redis: Redis, c: AppConfig) => createImportQueue(redis, c.redisPrefix) },
    {
      // An import's dry run asks the links' own batch rules (checkLinksBatch): the preview is what the import will do.
      provide: CHECK_IMPORTED_LINKS,
      inject: [DataSource, APP_CONFIG],
      useFactory:
        (dataSource: DataSource, config: AppConfig): CheckImportedLinks =>
        (ownerId, requests) =>
          checkLinksBatch(
            { dataSource, config },
            { workspaceId: ownerId, everyWorkspace: false, userId: ownerId, role: 'editor', apiKeyId: null, isAdmin: false },
            requests,
          ),
    },
  ],
})
export class IntegrationsApiModule implements OnModuleDestroy {
  constructor(
    private readonly webhooks: WebhookQueue,
    @Inject(IMPORT_QUEUE) private readonly imports: Queue,
  ) {}

  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled([this.webhooks.close(), this.imports.close()]);
  }
}
