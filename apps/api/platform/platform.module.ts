import { Global, Module, type DynamicModule, type OnApplicationShutdown, Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { APP_CONFIG, createLogger, type AppConfig } from '@app/config';
import { EventStore } from '@app/event-store';
import { REDIS } from '@app/queue';

/** Connections every feature module uses: config, Postgres (DataSource), Redis, the event store. */
@Global()
@Module({})
export class PlatformModule implements OnApplicationShutdown {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  static forRoot(config: AppConfig, dataSource: DataSource, redis: Redis): DynamicModule {
    const log = createLogger('api', config.logLevel);
    const eventStore = new EventStore(dataSource, (msg, err) => log.error(msg, { err }));
    return {
      module: PlatformModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: DataSource, useValue: dataSource },
        { provide: REDIS, useValue: redis },
        { provide: EventStore, useValue: eventStore },
      ],
      exports: [APP_CONFIG, DataSource, REDIS, EventStore],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
