import { Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import type { AppConfig } from '@app/config';
import { SessionGuard } from '@app/identity';
import { PlatformModule } from './platform/platform.module.js';
import { IdentityApiModule } from './modules/identity.api-module.js';
import { LinksApiModule } from './modules/links.api-module.js';
import { AnalyticsApiModule } from './modules/analytics.api-module.js';
import { OperationsApiModule } from './modules/operations.api-module.js';
import { IntegrationsApiModule } from './modules/integrations.api-module.js';

/** The api: platform connections, one module per feature (each owns its controllers), a global session guard. */
@Module({})
export class ApiModule {
  static forRoot(config: AppConfig, dataSource: DataSource, redis: Redis, readDataSource?: DataSource): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        PlatformModule.forRoot(config, dataSource, redis, readDataSource),
        CqrsModule.forRoot(),
        IdentityApiModule,
        LinksApiModule,
        AnalyticsApiModule,
        OperationsApiModule,
        IntegrationsApiModule,
      ],
      providers: [{ provide: APP_GUARD, useClass: SessionGuard }],
    };
  }
}
