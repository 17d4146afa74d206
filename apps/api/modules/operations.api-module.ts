import { Module } from '@nestjs/common';
import { SessionGuard } from '@app/identity';
import { OPERATIONS_PROVIDERS } from '@app/operations';
import { HealthController } from '../controllers/operations/health.controller.js';
import { RecoverController } from '../controllers/operations/recover.controller.js';
import { SystemController } from '../controllers/operations/system.controller.js';
import { LiveGateway } from '../gateways/live.gateway.js';

/** Operations: health, recovery, system management, and the socket.io /live gateway. */
@Module({
  imports: [],
  controllers: [HealthController, RecoverController, SystemController],
  // SessionGuard here is a plain provider: the live gateway reuses its session lookup for the handshake.
  providers: [...OPERATIONS_PROVIDERS, SessionGuard, LiveGateway],
  exports: [LiveGateway],
})
export class OperationsApiModule {}
