import { Global, Module, type DynamicModule, type OnApplicationShutdown, Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { APP_CONFIG, createLogger, type AppConfig } from '@app/config';
import { EventStore } from '@app/event-store';
import { REDIS } from '@app/queue';
import { READ_DATA_SOURCE } from '@app/database';
import { WebhookQueue } from '@app/integrations';
import { createEventStore } from '@app/projections';

/** Connections every feature module uses: config, Postgres (DataSource; READ_DATA_SOURCE for lag-tolerant reads), Redis, the event store with every projection (@app/projections). */
@Global()
@Module({})
export class PlatformModule implements OnApplicationShutdown {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(READ_DATA_SOURCE) private readonly readDataSource: DataSource,
  ) {}

  static forRoot(config: AppConfig, dataSource: DataSource, redis: Redis, readDataSource: DataSource = dataSource): DynamicModule {
    const log = createLogger('api', config.logLevel);
    // The webhook outbox projection queues deliveries through it; IntegrationsApiModule closes it.
    const webhooks = new WebhookQueue(redis, config.redisPrefix, { attempts: config.webhookAttempts, backoffMs: config.webhookBackoffMs });
    const deps = { config, dataSource, redis, deliverWebhooks: (ids: string[]) => webhooks.deliver(ids) };
    const eventStore = createEventStore(deps, (msg, err) => log.error(msg, { err }));
    return {
      module: PlatformModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: DataSource, useValue: dataSource },
        { provide: READ_DATA_SOURCE, useValue: readDataSource },
        { provide: REDIS, useValue: redis },
        { provide: EventStore, useValue: eventStore },
        { provide: WebhookQueue, useValue: webhooks },
      ],
      exports: [APP_CONFIG, DataSource, READ_DATA_SOURCE, REDIS, EventStore, WebhookQueue],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
    if (this.readDataSource !== this.dataSource && this.readDataSource.isInitialized) await this.readDataSource.destroy();
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
