import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { RebuildProjectionsResultDto, RetryFailedResultDto, SystemStatusDto, WarmCacheResultDto } from '@app/contracts';
import { AdminOnly } from '@app/identity';
import { WarmLinkCacheCommand } from '@app/links';
import { SystemService } from '@app/operations';
import { LiveGateway } from '../../gateways/live.gateway.js';

/** System Management (admin). */
@ApiTags('system')
@ApiBearerAuth()
@AdminOnly()
@Controller('api/admin/system')
export class SystemController {
  constructor(
    private readonly system: SystemService,
    private readonly commands: CommandBus,
    private readonly live: LiveGateway,
  ) {}

  @Get()
  status(): Promise<SystemStatusDto> {
    return this.system.status(this.live.connectedSockets);
  }

  @Post('retry-failed')
  @HttpCode(200)
  retryFailed(): Promise<RetryFailedResultDto> {
    return this.system.retryFailed();
  }

  @Post('rebuild-projections')
  @HttpCode(200)
  rebuildProjections(): Promise<RebuildProjectionsResultDto> {
    return this.system.rebuildProjections();
  }

  @Post('warm-cache')
  @HttpCode(200)
  warmCache(): Promise<WarmCacheResultDto> {
    return this.commands.execute(new WarmLinkCacheCommand());
  }
}
