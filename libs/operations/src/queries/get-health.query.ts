import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { HealthDto } from '@app/contracts';
import { HealthService } from '../health/health.service.js';

/** GET /api/health: the current check plus the persisted history (not recorded: the page polls every 30 s). */
export class GetHealthQuery extends Query<HealthDto> {}

@QueryHandler(GetHealthQuery)
export class GetHealthHandler implements IQueryHandler<GetHealthQuery> {
  constructor(private readonly health: HealthService) {}

  async execute(): Promise<HealthDto> {
    return (await this.health.check()).health;
  }
}
