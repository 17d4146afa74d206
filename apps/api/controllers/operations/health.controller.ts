import { Controller, Get, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { HealthDto } from '@app/contracts';
import { Public } from '@app/identity';
import { GetHealthQuery, GetReadinessQuery } from '@app/operations';

@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(private readonly queries: QueryBus) {}

  /** System Monitoring: database, redis, server, click queue, workers, last persisted check, users, error history. */
  @ApiBearerAuth()
  @Get()
  health(): Promise<HealthDto> {
    return this.queries.execute(new GetHealthQuery());
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
    const r = await this.queries.execute(new GetReadinessQuery());
    res.status(r.ready ? 200 : 503);
    return { status: r.ready ? 'ready' : 'not ready', database: r.database, redis: r.redis };
  }
}
