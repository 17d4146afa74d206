import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { countUsers, SessionGuard } from '@app/identity';
import { COUNT_USERS, OPERATIONS_PROVIDERS, type CountUsers } from '@app/operations';
import { HealthController } from '../controllers/operations/health.controller.js';
import { RecoverController } from '../controllers/operations/recover.controller.js';
import { SystemController } from '../controllers/operations/system.controller.js';
import { LiveGateway } from '../gateways/live.gateway.js';

/** The health check's number of accounts comes from identity, the owner of `users`. */
const userCount = {
  provide: COUNT_USERS,
  useFactory:
    (dataSource: DataSource): CountUsers =>
    () =>
      countUsers(dataSource),
  inject: [DataSource],
};

/** Operations: health, recovery, system management, and the socket.io /live gateway. */
@Module({
  imports: [],
  controllers: [HealthController, RecoverController, SystemController],
  // SessionGuard here is a plain provider: the live gateway reuses its session lookup for the handshake.
  providers: [...OPERATIONS_PROVIDERS, userCount, SessionGuard, LiveGateway],
  exports: [LiveGateway],
})
export class OperationsApiModule {}
