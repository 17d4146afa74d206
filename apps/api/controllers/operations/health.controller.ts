import { Controller, Get, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { HealthDto } from '@app/contracts';
import { CurrentUser, Public, type AuthUser } from '@app/identity';
import { HealthService } from '@app/operations';

const HEALTH_ERRORS_HIDDEN = 'Some components report problems; an administrator can see the details.';

@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /**
   * System Monitoring: database, redis, server, click queue, workers, last persisted check, users, error history.
   * The errors' text (hosts, internal messages) is for administrators; other users learn only that there are some.
   */
  @ApiBearerAuth()
  @Get()
  async current(@CurrentUser() user: AuthUser): Promise<HealthDto> {
    const health = (await this.health.check()).health;
    if (user.isAdmin || health.errors.length === 0) return health;
    return { ...health, errors: [HEALTH_ERRORS_HIDDEN] };
  }

  /** Liveness for orchestrators: the process answers. */
  @Public()
  @Get('live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Readiness for orchestrators: 200 when Postgres and Redis answer, else 503 naming what is down. */
  @Public()
  @Get('ready')
  async ready(@Res({ passthrough: true }) res: Response) {
    const r = await this.health.readiness();
    res.status(r.ready ? 200 : 503);
    return { status: r.ready ? 'ready' : 'not ready', database: r.database, redis: r.redis };
  }
}
